import type { DispatchContext, JsonRpcRequest, JsonRpcResponse } from '@mcpkit/jsonrpc';

/** The server's own answer to a request: what `dispatch` does when no `around` hook is set. */
export type DispatchNext = (request: JsonRpcRequest, context: DispatchContext) => Promise<JsonRpcResponse | null>;

/**
 * A hook around every `dispatch` (observability, auditing, per-request context): it receives the
 * request, its context and `next`, and resolves with what the client is sent. It may hand `next` a
 * changed context (a wrapped `notify`, say) and must call it at most once; it should not reject
 * (a rejection reaches the transport, which answers `-32603`).
 */
export type DispatchAround = (request: JsonRpcRequest, context: DispatchContext, next: DispatchNext) => Promise<JsonRpcResponse | null>;
