// The server half of MCP Apps (@mcpkit/apps/server) against our clients and the official SDK v1 client, in both eras,
// over stdio (the server in its own process) and Streamable HTTP.
// spec: extensions/apps/2026-01-26/apps.mdx (UI Resource Format, Resource Discovery, Visibility,
// Client<>Server Capability Negotiation)
import { fileURLToPath } from 'node:url';
import { ModernClient, type McpClient } from '@mcpkit/client';
import { HttpClientTransport } from '@mcpkit/http';
import { serveHttp, type HttpServer } from '@mcpkit/http/node';
import { RemoteError } from '@mcpkit/jsonrpc';
import { connect } from '@mcpkit/legacy';
import { StdioClientTransport } from '@mcpkit/stdio';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as SdkStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_EXTENSION_ID, UI_MIME_TYPE, toolUi } from '@mcpkit/apps';
import { appsExtension } from '../src/index.js';
import { DASHBOARD_HTML, dashboardServer } from './fixtures/dashboard.mjs';

const STDIO = fileURLToPath(new URL('./fixtures/apps-stdio.mjs', import.meta.url));
const ui = appsExtension();

let http: HttpServer;
let endpoint: string;
beforeAll(async () => {
  http = await serveHttp(dashboardServer().httpHandler(), { host: '127.0.0.1', port: 0 });
  endpoint = new URL('mcp', http.url).href;
});
afterAll(() => http?.close());

type Tools = { name: string; _meta?: Record<string, unknown> }[];

/** A client that speaks tools/list, tools/call and resources/*, whoever made it. */
interface Probe {
  listTools(): Promise<Tools>;
  call(name: string, args?: Record<string, unknown>): Promise<{ content: { text?: string }[]; structuredContent?: unknown }>;
  read(uri: string): Promise<{ contents: Record<string, unknown>[] }>;
  listResources(): Promise<string[]>;
  close(): Promise<void>;
}

const ours = (client: McpClient): Probe => ({
  listTools: async () => (await client.listTools()).tools as Tools,
  call: (name, args = {}) => client.callTool({ name, arguments: args }) as never,
  read: (uri) => client.readResource({ uri }) as never,
  listResources: async () => (await client.listResources()).resources.map((r) => r.uri),
  close: () => client.close(),
});

async function sdk(transport: 'stdio' | 'http', declared: boolean): Promise<Probe> {
  const capabilities = declared ? { extensions: { [UI_EXTENSION_ID]: { mimeTypes: [UI_MIME_TYPE] } } } : {};
  const client = new SdkClient({ name: 'sdk-v1-host', version: '1.0.0' }, { capabilities });
  await client.connect(
    transport === 'stdio' ? new SdkStdio({ command: process.execPath, args: [STDIO], stderr: 'ignore' }) : new StreamableHTTPClientTransport(new URL(endpoint)),
  );
  return {
    listTools: async () => (await client.listTools()).tools as Tools,
    call: (name, args = {}) => client.callTool({ name, arguments: args }) as never,
    read: (uri) => client.readResource({ uri }) as never,
    listResources: async () => (await client.listResources()).resources.map((r) => r.uri),
    close: () => client.close(),
  };
}

const clients: Record<string, { declared: boolean; era: string; open: () => Promise<Probe> }> = {
  'modern over stdio, declared': {
    declared: true,
    era: '2026-07-28',
    open: async () => ours(new ModernClient(new StdioClientTransport({ command: process.execPath, args: [STDIO], stderr: 'ignore' }), { extensions: [ui] })),
  },
  'modern over HTTP, declared': {
    declared: true,
    era: '2026-07-28',
    open: async () => ours(new ModernClient(new HttpClientTransport(endpoint), { extensions: [ui] })),
  },
  'modern over HTTP, not declared': { declared: false, era: '2026-07-28', open: async () => ours(new ModernClient(new HttpClientTransport(endpoint))) },
  'legacy over stdio, declared (official SDK v1)': { declared: true, era: '2025-11-25', open: () => sdk('stdio', true) },
  'legacy over HTTP, declared (official SDK v1)': { declared: true, era: '2025-11-25', open: () => sdk('http', true) },
  'legacy over HTTP, not declared (official SDK v1)': { declared: false, era: '2025-11-25', open: () => sdk('http', false) },
  'legacy over stdio, not declared (ours)': {
    declared: false,
    era: '2025-11-25',
    open: async () => ours(await connect({ command: process.execPath, args: [STDIO], stderr: 'ignore' }, { era: 'legacy', eraCache: false })),
  },
};

describe.each(Object.keys(clients))('an apps server to a client %s', (name) => {
  const { declared, open } = clients[name]!;

  it(declared ? 'lists the tools with their UI metadata, app-only ones included' : 'lists plain tools: no UI metadata, no app-only tool', async () => {
    const client = await open();
    try {
      const tools = await client.listTools();
      const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
      expect(byName.echo?._meta).toEqual({ 'example.com/kept': true });
      if (declared) {
        expect(toolUi(byName.show_dashboard!)).toEqual({ resourceUri: 'ui://dashboard/main' });
        expect(byName.show_dashboard!._meta!['ui/resourceUri']).toBe('ui://dashboard/main');
        expect(toolUi(byName.refresh_dashboard!)).toEqual({ resourceUri: 'ui://dashboard/main', visibility: ['app'] });
      } else {
        // spec: "If host does not support MCP Apps, tool behaves as standard tool (text-only fallback)"
        expect(Object.keys(byName).sort()).toEqual(['echo', 'show_dashboard']);
        expect(byName.show_dashboard!._meta).toBeUndefined();
      }
    } finally {
      await client.close();
    }
  });

  it('answers the tool with meaningful text content and structured content', async () => {
    const client = await open();
    try {
      const result = await client.call('show_dashboard', { region: 'EMEA' });
      expect(result.content[0]!.text).toBe('Sales in EMEA: 42');
      expect(result.structuredContent).toEqual({ region: 'EMEA', total: 42 });
    } finally {
      await client.close();
    }
  });

  it(declared ? 'serves the app-only tool' : 'refuses the app-only tool with -32021 naming the extension', async () => {
    const client = await open();
    try {
      if (declared) {
        expect((await client.call('refresh_dashboard')).content[0]!.text).toMatch(/^refreshed \d+$/);
      } else {
        const error = await client.call('refresh_dashboard').then(
          () => undefined,
          (e: unknown) => e as { code?: number; message?: string; data?: unknown },
        );
        expect(error?.code).toBe(-32021);
        if (error instanceof RemoteError) expect(error.data).toEqual({ requiredCapabilities: { extensions: { [UI_EXTENSION_ID]: {} } } });
      }
    } finally {
      await client.close();
    }
  });

  it('reads the view with its MIME type and _meta.ui; lists views only to clients that render them', async () => {
    const client = await open();
    try {
      const read = await client.read('ui://dashboard/main');
      expect(read.contents).toEqual([
        {
          uri: 'ui://dashboard/main',
          mimeType: UI_MIME_TYPE,
          text: DASHBOARD_HTML,
          _meta: { ui: { csp: { connectDomains: ['https://api.example.com'] }, prefersBorder: true } },
        },
      ]);
      const blob = await client.read('ui://dashboard/compact');
      expect(Buffer.from(blob.contents[0]!.blob as string, 'base64').toString()).toBe('<!doctype html><p>compact</p>');
      // spec: "Servers MAY omit UI-only resources from resources/list" — the compact view is unlisted.
      expect(await client.listResources()).toEqual(declared ? ['ui://dashboard/main'] : []);
    } finally {
      await client.close();
    }
  });
});
