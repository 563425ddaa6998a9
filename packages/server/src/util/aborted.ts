import type { DispatchContext } from '@mcpkit/jsonrpc';

/**
 * Whether the request was cancelled. Uses the transport's `aborted` flag when it has one, so that
 * asking does not create the `AbortSignal` a lazy transport only makes on first use.
 */
export function isAborted(context: DispatchContext): boolean {
  return context.aborted ?? context.signal.aborted;
}
