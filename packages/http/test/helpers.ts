/**
 * Test helpers: a small fake Dispatcher (a stand-in for @mcpkit/server) and the lanes one handler
 * is served through: directly as fetch(Request), and over 127.0.0.1 through the node adapter
 * (fast lane, and the generic lane used for handlers that are not ours).
 */
import type { DispatchContext, Dispatcher, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from '@mcpkit/jsonrpc';
import type { HeaderParamRef } from '@mcpkit/schema';
import { createHttpHandler, type HttpHandler, type WebHandler, type HttpHandlerOptions, type InterceptHook } from '../src/index.js';
import { serveHttp, type HttpServer } from '../src/node/index.js';

export const VERSION = '2026-07-28';
export const META = { 'io.modelcontextprotocol/protocolVersion': VERSION, 'io.modelcontextprotocol/clientCapabilities': {} };

/** A tools/call request body. */
export function toolCall(id: number | string, name: string, args?: Record<string, unknown>, meta: Record<string, unknown> = META): JsonRpcRequest {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, ...(args ? { arguments: args } : {}), _meta: meta } };
}

/** The headers a conforming client sends with `body`. */
export function headersFor(body: JsonRpcRequest, extra: Record<string, string> = {}): Record<string, string> {
  const h: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': VERSION,
    'mcp-method': body.method,
  };
  const params = body.params as Record<string, unknown> | undefined;
  if (body.method === 'tools/call' || body.method === 'prompts/get') h['mcp-name'] = String(params?.name);
  if (body.method === 'resources/read') h['mcp-name'] = String(params?.uri);
  return { ...h, ...extra };
}

/** What the fake dispatcher saw, for assertions. */
export interface Seen {
  aborted: string[];
  /** Tools that ran to their end after being cancelled (their late notify did not hang). */
  finished: string[];
  contexts: DispatchContext[];
  notifications: JsonRpcNotification[];
  started: string[];
}

const TOOL_PARAMS: Record<string, HeaderParamRef[]> = {
  sql: [
    { header: 'Region', property: 'region', type: 'string' },
    { header: 'Limit', property: 'limit', type: 'integer' },
    { header: 'Dry', property: 'dry', type: 'boolean' },
    { header: 'Tenant', property: 'id', path: ['tenant', 'id'], type: 'string' },
  ],
};

const result = (id: JsonRpcRequest['id'], text: string): JsonRpcResponse => ({
  jsonrpc: '2.0',
  id,
  result: { resultType: 'complete', content: [{ type: 'text', text }] },
});
const error = (id: JsonRpcRequest['id'], code: number, message: string, data?: unknown): JsonRpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

function waitForAbort(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
}

/**
 * Tools: `echo` (text), `progress` (n notifications then a result), `flood` (notifications of
 * `size` chars until aborted), `wait` (until aborted), `throw`, `null`, `elicit` (-32021).
 * Methods other than tools/call and server/discover get -32601; versions other than 2026-07-28 get -32022.
 */
export function fakeDispatcher(seen: Seen = newSeen()): Dispatcher & { headerParams(tool: string): HeaderParamRef[] | undefined } {
  return {
    headerParams: (tool) => TOOL_PARAMS[tool] ?? (tool === 'echo' ? [] : undefined),
    notification(n) {
      seen.notifications.push(n);
    },
    async dispatch(request, ctx) {
      seen.contexts.push(ctx);
      const params = (request.params ?? {}) as Record<string, any>;
      // The dispatcher checks _meta (the transport does not): what McpServer answers, -32602 naming the versions.
      const meta = params._meta;
      if (typeof meta?.['io.modelcontextprotocol/protocolVersion'] !== 'string' || typeof meta['io.modelcontextprotocol/clientCapabilities'] !== 'object') {
        return error(request.id, -32602, 'Missing params._meta', { supported: [VERSION] });
      }
      const version = meta['io.modelcontextprotocol/protocolVersion'];
      if (version !== VERSION) return error(request.id, -32022, 'Unsupported protocol version', { supported: [VERSION], requested: version });
      if (request.method === 'subscriptions/listen') {
        seen.started.push('listen');
        await ctx.notify({
          jsonrpc: '2.0',
          method: 'notifications/subscriptions/acknowledged',
          params: { notifications: params.notifications, _meta: { 'io.modelcontextprotocol/subscriptionId': request.id } },
        });
        await waitForAbort(ctx.signal);
        seen.aborted.push('listen');
        return null;
      }
      if (request.method === 'server/discover') return { jsonrpc: '2.0', id: request.id, result: { resultType: 'complete', supportedVersions: [VERSION] } };
      if (request.method !== 'tools/call') return error(request.id, -32601, `Method not found: ${request.method}`);
      const args = params.arguments ?? {};
      const name = params.name as string;
      seen.started.push(name);
      switch (name) {
        case 'echo':
        case 'sql':
          return result(request.id, String(args.text ?? name));
        case 'progress':
          for (let i = 1; i <= (args.n ?? 3); i++) {
            await ctx.notify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: i, total: args.n ?? 3 } });
          }
          return result(request.id, 'done');
        case 'flood': {
          const chunk = 'x'.repeat(args.size ?? 65536);
          const signal = ctx.signal;
          while (!signal.aborted) {
            const sent = ctx.notify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: chunk } });
            // A careless tool that does not wait for notify still cannot make the server buffer without bound.
            await (args.awaitNotify === false ? new Promise((r) => setImmediate(r)) : sent);
          }
          seen.aborted.push(name);
          return null;
        }
        case 'wait': {
          if (args.notifyFirst) await ctx.notify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'w', progress: 1 } });
          await waitForAbort(ctx.signal);
          seen.aborted.push(name);
          // What a sloppy tool might still do after being cancelled: none of it may reach the wire.
          await ctx.notify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'w', progress: 2 } });
          seen.finished.push(name);
          return result(request.id, 'too late');
        }
        case 'throw':
          throw new Error('tool exploded');
        case 'null':
          return null;
        case 'elicit':
          return error(request.id, -32021, 'Elicitation required', { requiredCapabilities: { elicitation: {} } });
        default:
          return error(request.id, -32602, `Unknown tool: ${name}`);
      }
    },
  };
}

export function newSeen(): Seen {
  return { aborted: [], finished: [], contexts: [], notifications: [], started: [] };
}

/** Something that POSTs (or otherwise calls) the endpoint and returns the Response. */
export type Call = (init: RequestInit) => Promise<Response>;

export interface Lane {
  name: string;
  /** Serves `handler` and returns how to call it, plus a stop function. */
  start(handler: HttpHandler): Promise<{ call: Call; url: string; stop(): Promise<void> }>;
}

export const fetchLane: Lane = {
  name: 'fetch(Request)',
  async start(handler) {
    const url = 'http://127.0.0.1/mcp';
    return { url, call: (init) => handler(new Request(url, init)), stop: async () => {} };
  },
};

function nodeLane(name: string, wrap: (h: HttpHandler) => HttpHandler | WebHandler): Lane {
  return {
    name,
    async start(handler) {
      const server: HttpServer = await serveHttp(wrap(handler));
      return { url: server.url, call: (init) => fetch(server.url, init), stop: () => server.close() };
    },
  };
}

export const nodeFastLane = nodeLane('node adapter', (h) => h);
/** A plain function around the endpoint has no lane of its own, so `serveHttp` serves it through web Request/Response. */
export const nodeGenericLane = nodeLane('node adapter (generic web lane)', (h) => (request) => h(request));

export const ALL_LANES: Lane[] = [fetchLane, nodeFastLane, nodeGenericLane];

/** Builds the handler (with `intercept` on the dispatcher, where `@mcpkit/legacy` puts it) and starts it on a lane. */
export async function startLane(lane: Lane, options: HttpHandlerOptions & { intercept?: InterceptHook } = {}, seen = newSeen()) {
  const { intercept, ...handlerOptions } = options;
  const dispatcher = fakeDispatcher(seen);
  const handler = createHttpHandler(intercept ? { ...dispatcher, intercept } : dispatcher, handlerOptions);
  const started = await lane.start(handler);
  return { ...started, seen, handler };
}

/** Resolves once `predicate` holds, checking on every macrotask turn (the test timeout bounds it). */
export async function until(predicate: () => boolean): Promise<void> {
  while (!predicate()) await new Promise((r) => setTimeout(r, 5));
}

/** POST init for a JSON-RPC body with conforming headers (overridable). */
export function post(body: unknown, headers: Record<string, string>): RequestInit {
  return { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) };
}

/** A raw node:http request (for what fetch would not send, e.g. no Accept header at all). */
export async function rawRequest(url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Response> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method, headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
        resolve(new Response(res.statusCode === 202 || res.statusCode === 204 ? null : Buffer.concat(chunks), { status: res.statusCode!, headers }));
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
