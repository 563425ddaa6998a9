import type { DispatchContext, JsonRpcNotification, JsonRpcResponse, RequestId } from '@mcpkit/jsonrpc';
import type { McpServer, Principal } from '@mcpkit/server';

export const TASKS = 'io.modelcontextprotocol/tasks';

/** The `_meta` of a 2026-07-28 request; `tasks: true` declares the tasks extension. */
export function meta(options: { tasks?: boolean; elicitation?: boolean } = {}): Record<string, unknown> {
  const capabilities: Record<string, unknown> = {};
  if (options.tasks) capabilities.extensions = { [TASKS]: {} };
  if (options.elicitation) capabilities.elicitation = { form: {} };
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
}

/** A dispatch context that records notifications and may carry a principal. */
export class Context implements DispatchContext {
  readonly notifications: JsonRpcNotification[] = [];
  readonly controller = new AbortController();
  readonly transport: DispatchContext['transport'];
  private waiters: Array<{ count: number; resolve: () => void }> = [];

  constructor(principal?: Principal) {
    this.transport = { name: 'test', principal };
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  notify = (notification: JsonRpcNotification): Promise<void> => {
    this.notifications.push(notification);
    this.waiters = this.waiters.filter((w) => (this.notifications.length >= w.count ? (w.resolve(), false) : true));
    return Promise.resolve();
  };

  waitFor(count: number): Promise<void> {
    if (this.notifications.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }
}

let nextId = 1;

/** Sends one request; `tasks` declares the extension, `principal` authenticates it. */
export function send(
  server: McpServer,
  method: string,
  params: Record<string, unknown>,
  options: { tasks?: boolean; elicitation?: boolean; principal?: Principal; context?: DispatchContext; id?: RequestId } = {},
): Promise<JsonRpcResponse | null> {
  const context = options.context ?? new Context(options.principal);
  return server.dispatch({ jsonrpc: '2.0', id: options.id ?? nextId++, method, params: { _meta: meta(options), ...params } }, context);
}

/** The result of a request (fails the test on an error). */
export async function ok(...args: Parameters<typeof send>): Promise<Record<string, any>> {
  const response = await send(...args);
  if (!response || !('result' in response)) throw new Error(`expected a result, got ${JSON.stringify(response)}`);
  return response.result as Record<string, any>;
}

/** The error of a request (fails the test on a result). */
export async function err(...args: Parameters<typeof send>): Promise<{ code: number; message: string; data?: any }> {
  const response = await send(...args);
  if (!response || !('error' in response)) throw new Error(`expected an error, got ${JSON.stringify(response)}`);
  return response.error;
}

/** Polls `tasks/get` until `done(result)` holds (the test's timeout bounds it). */
export async function until(
  server: McpServer,
  taskId: string,
  done: (task: Record<string, any>) => boolean,
  principal?: Principal,
): Promise<Record<string, any>> {
  for (;;) {
    const task = await ok(server, 'tasks/get', { taskId }, { tasks: true, principal });
    if (done(task)) return task;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** A promise with its resolver, for handlers a test lets finish. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}
