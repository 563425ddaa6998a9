import type { DispatchContext, JsonRpcNotification, JsonRpcResponse } from '@mcpkit/jsonrpc';
import type { McpServer } from '@mcpkit/server';

export const VERSION = '2026-07-28';

export function meta(capabilities: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    'io.modelcontextprotocol/protocolVersion': VERSION,
    'io.modelcontextprotocol/clientInfo': { name: 'everything-test', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': capabilities,
    ...extra,
  };
}

/** A dispatch context that records notifications. */
export function recorder(): DispatchContext & { notifications: JsonRpcNotification[]; abort(): void } {
  const controller = new AbortController();
  const notifications: JsonRpcNotification[] = [];
  return {
    notifications,
    signal: controller.signal,
    transport: { name: 'test' },
    notify: async (n) => {
      if (!controller.signal.aborted) notifications.push(n);
    },
    abort: () => controller.abort(),
  };
}

let id = 1;
export async function call(
  server: McpServer,
  method: string,
  params: Record<string, unknown> = {},
  options: { capabilities?: Record<string, unknown>; meta?: Record<string, unknown>; context?: DispatchContext } = {},
): Promise<JsonRpcResponse> {
  const response = await server.dispatch(
    { jsonrpc: '2.0', id: id++, method, params: { _meta: options.meta ?? meta(options.capabilities), ...params } },
    options.context,
  );
  if (!response) throw new Error('no response');
  return response;
}

export async function ok(...args: Parameters<typeof call>): Promise<Record<string, any>> {
  const response = await call(...args);
  if (!('result' in response)) throw new Error(`expected a result: ${JSON.stringify(response)}`);
  return response.result as Record<string, any>;
}
