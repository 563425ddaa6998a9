import { describe, expect, it } from 'vitest';
import { createServer, resource, resourceNotFound, resourceTemplate } from '../src/index.js';
import { failure, quiet, result } from './helpers.js';

const server = createServer({
  info: { name: 'r', version: '1' },
  resources: [
    resource({ uri: 'test://static-text', name: 'static', description: 'Plain text', mimeType: 'text/plain', read: () => ({ contents: [{ text: 'hello' }] }) }),
    resource({ uri: 'test://cached', name: 'cached', ttlMs: 60_000, cacheScope: 'public', read: () => ({ contents: [{ text: 'c' }] }) }),
    resource({ uri: 'test://override', name: 'override', ttlMs: 60_000, read: () => ({ contents: [{ text: 'o' }], ttlMs: 5, cacheScope: 'public' }) }),
    resource({ uri: 'test://empty', name: 'empty', read: () => ({ contents: [] }) }),
    resource({ uri: 'test://bytes', name: 'bytes', mimeType: 'image/png', read: () => ({ contents: [{ blob: 'iVBORw0KGgo=' }] }) }),
  ],
  resourceTemplates: [
    resourceTemplate({
      uriTemplate: 'test://template/{id}/data',
      name: 'data',
      mimeType: 'application/json',
      read: (uri, { id }) => ({ contents: [{ text: JSON.stringify({ id }) }] }),
    }),
    resourceTemplate({ uriTemplate: 'test://template/{id}/{file}', name: 'any file', read: (_uri, { file }) => ({ contents: [{ text: `file ${file}` }] }) }),
    resourceTemplate({
      uriTemplate: 'file:///{+path}',
      name: 'files',
      read: (_uri, { path }) => {
        if (path === 'missing.txt') throw resourceNotFound(`file:///${path}`);
        return { contents: [{ text: `path ${path}` }] };
      },
    }),
  ],
  ...quiet,
});

describe('resources/read', () => {
  // spec: 2026-07-28/pages/server/resources.mdx ("Reading Resources"); caching.mdx (hints on resources/read)
  it('reads a static resource, filling uri and mimeType, with caching hints', async () => {
    const res = await result(server, 'resources/read', { uri: 'test://static-text' });
    expect(res).toMatchObject({
      resultType: 'complete',
      contents: [{ uri: 'test://static-text', mimeType: 'text/plain', text: 'hello' }],
      ttlMs: 0,
      cacheScope: 'private',
    });
  });

  it('reads binary contents as blob', async () => {
    expect((await result(server, 'resources/read', { uri: 'test://bytes' })).contents).toEqual([
      { uri: 'test://bytes', mimeType: 'image/png', blob: 'iVBORw0KGgo=' },
    ]);
  });

  it('takes caching hints from the read result, then the resource, then the server default', async () => {
    expect(await result(server, 'resources/read', { uri: 'test://cached' })).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' });
    expect(await result(server, 'resources/read', { uri: 'test://override' })).toMatchObject({ ttlMs: 5, cacheScope: 'public' });
  });

  it('returns an empty contents array for a resource that exists but is empty', async () => {
    expect((await result(server, 'resources/read', { uri: 'test://empty' })).contents).toEqual([]);
  });

  // spec: 2026-07-28/pages/server/resources.mdx ("Resource Templates", RFC 6570)
  it('reads through a template, handing the reader its variables', async () => {
    const res = await result(server, 'resources/read', { uri: 'test://template/123/data' });
    expect(res.contents).toEqual([{ uri: 'test://template/123/data', mimeType: 'application/json', text: '{"id":"123"}' }]);
  });

  it('prefers the most specific template when several match', async () => {
    expect((await result(server, 'resources/read', { uri: 'test://template/7/notes' })).contents[0].text).toBe('file notes');
    expect((await result(server, 'resources/read', { uri: 'test://template/7/data' })).contents[0].text).toBe('{"id":"7"}');
  });

  it('matches reserved expansion across slashes, but a simple variable never spans one', async () => {
    expect((await result(server, 'resources/read', { uri: 'file:///a/b/c.txt' })).contents[0].text).toBe('path a/b/c.txt');
    expect((await failure(server, 'resources/read', { uri: 'test://template/1/2/data' })).code).toBe(-32602);
  });

  // spec: 2026-07-28/pages/server/resources.mdx ("Error Handling": -32602 with data.uri, never -32002, never empty contents)
  it('answers a URI nothing serves with -32602 "Resource not found" and data.uri', async () => {
    const error = await failure(server, 'resources/read', { uri: 'test://nonexistent-resource-for-conformance-testing' });
    expect(error).toEqual({ code: -32602, message: 'Resource not found', data: { uri: 'test://nonexistent-resource-for-conformance-testing' } });
  });

  it('lets a template reader report a missing resource the same way', async () => {
    expect(await failure(server, 'resources/read', { uri: 'file:///missing.txt' })).toEqual({
      code: -32602,
      message: 'Resource not found',
      data: { uri: 'file:///missing.txt' },
    });
  });

  it('refuses a uri that is not a URI with -32602', async () => {
    expect((await failure(server, 'resources/read', { uri: 'not a uri' })).code).toBe(-32602);
  });
});

describe('resources/list and resources/templates/list', () => {
  it('lists direct resources only, in registration order, with caching hints', async () => {
    const res = await result(server, 'resources/list');
    expect(res.resources.map((r: any) => r.uri)).toEqual(['test://static-text', 'test://cached', 'test://override', 'test://empty', 'test://bytes']);
    expect(res.resources[0]).toEqual({ uri: 'test://static-text', name: 'static', description: 'Plain text', mimeType: 'text/plain' });
    expect(res).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' });
  });

  it('lists templates', async () => {
    const res = await result(server, 'resources/templates/list');
    expect(res.resourceTemplates.map((t: any) => t.uriTemplate)).toEqual(['test://template/{id}/data', 'test://template/{id}/{file}', 'file:///{+path}']);
    expect(res).toMatchObject({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'public' });
  });

  it('refuses an invalid template at registration', () => {
    expect(() => resourceTemplate({ uriTemplate: 'test://{unclosed', name: 'x', read: () => ({ contents: [] }) })).toThrow(/uri-template/);
  });

  it('refuses a negative ttlMs at registration', () => {
    expect(() => resource({ uri: 'test://x', name: 'x', ttlMs: -1, read: () => ({ contents: [] }) })).toThrow(/ttlMs/);
  });
});
