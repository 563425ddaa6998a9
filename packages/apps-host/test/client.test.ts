// The host's client half against our apps server over Streamable HTTP, and our server's app tools as
// the reference package's helpers (@modelcontextprotocol/ext-apps) read them.
// spec: extensions/apps/2026-01-26/apps.mdx (Resource Discovery, Visibility, Client<>Server Capability Negotiation)
import { UI_EXTENSION_ID, UI_MIME_TYPE } from '@mcpkit/apps';
import { createAppsServer, appTool, view } from '@mcpkit/apps/server';
import { ModernClient } from '@mcpkit/client';
import { HttpClientTransport } from '@mcpkit/http';
import { serveHttp, type HttpServer } from '@mcpkit/http/node';
import { dualEra } from '@mcpkit/legacy/server';
import { createServer, resource, tool } from '@mcpkit/server';
import { getToolUiResourceUri, isToolVisibilityAppOnly, isToolVisibilityModelOnly } from '@modelcontextprotocol/ext-apps/app-bridge';
import { EXTENSION_ID, getUiCapability, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appsExtension, listAppTools, readView, sandboxProxyHtml, splitAppTools, ViewReadError } from '../src/index.js';

const HTML = '<!doctype html><title>board</title><p>board</p>';
let http: HttpServer;
let endpoint: string;

beforeAll(async () => {
  const apps = createAppsServer({
    views: [view({ uri: 'ui://board/main', name: 'board', html: HTML, asBlob: true, csp: { resourceDomains: ['https://cdn.example.com'] } })],
    tools: [
      appTool({ name: 'show_board', view: 'ui://board/main', handler: () => ({ content: [{ type: 'text', text: 'board' }] }) }),
      appTool({ name: 'move_piece', view: 'ui://board/main', visibility: ['app'], handler: () => ({ content: [{ type: 'text', text: 'moved' }] }) }),
      appTool({ name: 'explain_board', visibility: ['model'], handler: () => ({ content: [{ type: 'text', text: 'explained' }] }) }),
    ],
  });
  const notes = resource({ uri: 'file:///notes.txt', name: 'notes', mimeType: 'text/plain', read: () => ({ contents: [{ text: 'notes' }] }) });
  const server = createServer({
    info: { name: 'board', version: '1.0.0' },
    tools: [...apps.tools, tool({ name: 'plain', handler: () => ({}) })],
    resources: [notes],
    extensions: [apps],
    around: apps.around,
  });
  // Both eras on one endpoint: the official SDK client below speaks 2025-11-25.
  http = await serveHttp(dualEra(server, { extensions: [apps.legacy] }).httpHandler(), { host: '127.0.0.1', port: 0 });
  endpoint = new URL('mcp', http.url).href;
});
afterAll(() => http?.close());

describe('a host client', () => {
  it('declares the extension with the MIME types it renders, as reference servers read it', () => {
    const extension = appsExtension();
    expect(extension.id).toBe(EXTENSION_ID);
    expect(UI_MIME_TYPE).toBe(RESOURCE_MIME_TYPE);
    expect(getUiCapability({ extensions: { [extension.id]: extension.settings! } })?.mimeTypes).toEqual([RESOURCE_MIME_TYPE]);
    expect(() => appsExtension({ mimeTypes: [] })).toThrow('mimeTypes must list at least one MIME type');
  });

  it("keeps the model's tools apart from those a view may call", async () => {
    const client = new ModernClient(new HttpClientTransport(endpoint), { extensions: [appsExtension()] });
    try {
      const lists = await listAppTools(client);
      // spec: "Host MUST NOT include tools in the agent's tool list when their visibility does not include model"
      expect(lists.model.map((t) => t.name)).toEqual(['show_board', 'explain_board', 'plain']);
      expect(lists.app.map((t) => t.name)).toEqual(['show_board', 'move_piece', 'plain']);
      expect(lists.withViews.map((t) => t.name)).toEqual(['show_board', 'move_piece']);
    } finally {
      await client.close();
    }
  });

  it('reads the view HTML (a base64 blob here) and its metadata; refuses what is not a view', async () => {
    const client = new ModernClient(new HttpClientTransport(endpoint), { extensions: [appsExtension()] });
    try {
      const loaded = await readView(client, 'ui://board/main');
      expect(loaded).toEqual({ uri: 'ui://board/main', mimeType: UI_MIME_TYPE, html: HTML, meta: { csp: { resourceDomains: ['https://cdn.example.com'] } } });
      await expect(readView(client, 'file:///notes.txt')).rejects.toThrow(
        new ViewReadError('"file:///notes.txt" is not a ui:// view URI', 'file:///notes.txt'),
      );
      await expect(readView({ readResource: () => client.readResource({ uri: 'file:///notes.txt' }) }, 'ui://board/main')).rejects.toThrow(
        `The server answered ui://board/main without ${UI_MIME_TYPE} contents (got text/plain)`,
      );
    } finally {
      await client.close();
    }
  });

  it('refuses a sandbox page for something that is not an origin', () => {
    expect(() => sandboxProxyHtml({ hostOrigin: '*' })).toThrow('hostOrigin must be an origin');
    expect(sandboxProxyHtml({ hostOrigin: 'http://127.0.0.1:8080' })).toContain('"http://127.0.0.1:8080"');
  });
});

describe("our server's app tools, read by the reference package's helpers", () => {
  it('finds the view URI and the visibility of each tool, through the official SDK client', async () => {
    const client = new SdkClient(
      { name: 'sdk-host', version: '1.0.0' },
      { capabilities: { extensions: { [UI_EXTENSION_ID]: { mimeTypes: [UI_MIME_TYPE] } } } },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
    try {
      // The SDK v1 client's Tool type and the reference package's (SDK v2) differ only in their JSON typing.
      const tools = (await client.listTools()).tools as unknown as Parameters<typeof getToolUiResourceUri>[0][];
      const read = Object.fromEntries(
        tools.map((t) => [t.name, { uri: getToolUiResourceUri(t), appOnly: isToolVisibilityAppOnly(t), modelOnly: isToolVisibilityModelOnly(t) }]),
      );
      expect(read).toEqual({
        show_board: { uri: 'ui://board/main', appOnly: false, modelOnly: false },
        move_piece: { uri: 'ui://board/main', appOnly: true, modelOnly: false },
        explain_board: { uri: undefined, appOnly: false, modelOnly: true },
        plain: { uri: undefined, appOnly: false, modelOnly: false },
      });
      expect(splitAppTools(tools as never).model.map((t) => t.name)).toEqual(['show_board', 'explain_board', 'plain']);
    } finally {
      await client.close();
    }
  });
});
