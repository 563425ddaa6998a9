// Defining views and app tools: what is refused, and the CSP a view gets.
// spec: extensions/apps/2026-01-26/apps.mdx (UI Resource Format, Resource Discovery, Host Behavior)
import { createServer, tool } from '@mcpkit/server';
import { describe, expect, it } from 'vitest';
import { UI_MIME_TYPE, buildViewCsp } from '../src/index.js';
import { createAppsServer, appTool, view } from '../src/server/index.js';

describe('bad definitions fail where they are written', () => {
  const html = '<!doctype html><p>x</p>';
  it('refuses a tool linking a view no view serves, before createServer returns', () => {
    const build = () =>
      createServer({
        info: { name: 'broken', version: '0' },
        extensions: [
          createAppsServer({
            views: [view({ uri: 'ui://a/one', name: 'one', html })],
            tools: [appTool({ name: 't', view: 'ui://a/two', handler: () => ({}) })],
          }),
        ],
      });
    expect(build).toThrow('createAppsServer: tool "t" links the view ui://a/two, which no view of this server serves (views: ui://a/one)');
  });
  it('refuses a view URI that is not ui:// and a wrong MIME type', () => {
    expect(() => view({ uri: 'https://a/one', name: 'one', html })).toThrow('View URI "https://a/one" must use the ui:// scheme');
    expect(() => view({ uri: 'ui://a/one', name: 'one', html, mimeType: 'text/html' })).toThrow(`mimeType must be ${UI_MIME_TYPE}, got "text/html"`);
    expect(() => view({ uri: 'ui://a/one', name: 'one', html, csp: { scriptDomains: ['x'] } as never })).toThrow('csp.scriptDomains is not a CSP field');
  });
  it('refuses a tool whose view is not ui:// or whose visibility is not model/app', () => {
    expect(() => appTool({ name: 't', view: 'https://x', handler: () => ({}) })).toThrow('view must be a ui:// URI');
    expect(() => appTool({ name: 't', view: 'ui://x', visibility: [], handler: () => ({}) })).toThrow('visibility must list "model" and/or "app"');
    expect(() => appTool({ name: 't', view: 'ui://x', visibility: ['agent' as never], handler: () => ({}) })).toThrow('visibility must list');
    expect(() => createAppsServer({ views: [view({ uri: 'ui://a', name: 'a', html }), view({ uri: 'ui://a', name: 'b', html })], tools: [] })).toThrow(
      'given twice',
    );
  });
  it('checks plain tools linking a view too', () => {
    const linked = tool({ name: 'plain', _meta: { ui: { resourceUri: 'ui://missing' } }, handler: () => ({}) });
    expect(() => createAppsServer({ views: [], tools: [linked] })).toThrow('links the view ui://missing');
  });
});

describe('the CSP of a view', () => {
  // spec: extensions/apps/2026-01-26/apps.mdx "Host Behavior" — the restrictive default when ui.csp is absent.
  it('is the restrictive default without a declaration', () => {
    expect(buildViewCsp().policy).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; media-src 'self' data:; connect-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'self'",
    );
  });
  it('adds exactly the declared origins and drops anything that would loosen it', () => {
    const { policy, dropped } = buildViewCsp({
      connectDomains: ['https://api.example.com', '*', "'unsafe-eval'", 'https://a.example.com; script-src *', 'wss://live.example.com:8443'],
      resourceDomains: ['https://*.cdn.example.com', 'data:', 'https://cdn.example.com/path'],
      frameDomains: ['https://www.youtube.com'],
    });
    expect(policy).toContain('connect-src https://api.example.com wss://live.example.com:8443;');
    expect(policy).toContain("script-src 'self' 'unsafe-inline' https://*.cdn.example.com;");
    expect(policy).toContain('frame-src https://www.youtube.com;');
    expect(dropped).toEqual(['data:', 'https://cdn.example.com/path', '*', "'unsafe-eval'", 'https://a.example.com; script-src *']);
  });
  it('lets a host refuse more, never less', () => {
    const { policy } = buildViewCsp({ connectDomains: ['https://a.example.com', 'https://b.example.com'] }, (origin) => origin !== 'https://b.example.com');
    expect(policy).toContain('connect-src https://a.example.com;');
  });
});
