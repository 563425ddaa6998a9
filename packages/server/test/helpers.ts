import type { DispatchContext, JsonRpcNotification, JsonRpcResponse, RequestId } from '@mcpkit/jsonrpc';
import type { ClientCapabilities } from '@mcpkit/schema';
import type { McpServer, Principal } from '../src/index.js';

export const VERSION = '2026-07-28';

/** A complete request `_meta` with the given capabilities and extra keys. */
export function meta(capabilities: ClientCapabilities = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': VERSION,
    'io.modelcontextprotocol/clientInfo': { name: 'test-client', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': capabilities,
    ...extra,
  };
}

/** A recording dispatch context: collects notifications, can be aborted, may carry a principal. */
export class TestContext implements DispatchContext {
  readonly notifications: JsonRpcNotification[] = [];
  readonly controller = new AbortController();
  readonly transport: DispatchContext['transport'];
  private waiters: Array<{ count: number; resolve: () => void }> = [];

  constructor(options: { principal?: Principal; transport?: string; multiplexed?: boolean } = {}) {
    this.transport = { name: options.transport ?? 'test', principal: options.principal, multiplexed: options.multiplexed };
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  notify = (notification: JsonRpcNotification): Promise<void> => {
    if (this.controller.signal.aborted) return Promise.resolve();
    this.notifications.push(notification);
    this.waiters = this.waiters.filter((w) => (this.notifications.length >= w.count ? (w.resolve(), false) : true));
    return Promise.resolve();
  };

  /** Resolves once at least `count` notifications were sent. */
  waitFor(count: number): Promise<void> {
    if (this.notifications.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }
}

let nextId = 1;

/** Dispatches one request and returns the response. */
export async function send(
  server: McpServer,
  method: string,
  params: Record<string, unknown> = {},
  options: { context?: DispatchContext; id?: RequestId; capabilities?: ClientCapabilities; meta?: Record<string, unknown> | null } = {},
): Promise<JsonRpcResponse | null> {
  const full = options.meta === null ? params : { _meta: options.meta ?? meta(options.capabilities), ...params };
  return server.dispatch({ jsonrpc: '2.0', id: options.id ?? nextId++, method, params: full }, options.context);
}

/** Dispatches and returns the result, failing the test on an error response. */
export async function result(
  server: McpServer,
  method: string,
  params: Record<string, unknown> = {},
  options: Parameters<typeof send>[3] = {},
): Promise<Record<string, any>> {
  const response = await send(server, method, params, options);
  if (!response || !('result' in response)) throw new Error(`expected a result, got ${JSON.stringify(response)}`);
  return response.result as Record<string, any>;
}

/** Dispatches and returns the error object, failing the test on a result. */
export async function failure(
  server: McpServer,
  method: string,
  params: Record<string, unknown> = {},
  options: Parameters<typeof send>[3] = {},
): Promise<{ code: number; message: string; data?: any }> {
  const response = await send(server, method, params, options);
  if (!response || !('error' in response)) throw new Error(`expected an error, got ${JSON.stringify(response)}`);
  return response.error;
}

/** A silent server option set for tests (no warnings printed). */
export const quiet = { onWarning: () => {}, onError: () => {} } as const;
