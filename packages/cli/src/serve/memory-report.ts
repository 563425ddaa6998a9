import type { DispatchContext, Dispatcher, JsonRpcRequest, JsonRpcResponse, RequestId } from '@mcpkit/jsonrpc';
import type { LegacySessionInfo } from '@mcpkit/legacy';

/**
 * `serve-example --report-memory`: after answering each request, the server writes on stderr one
 * line saying what it now remembers between requests: the legacy sessions it holds (id, version,
 * client), none for modern traffic. It is read from the server itself (the sessions the dual-era
 * server announced through `onSessionStart`), so the demo's "server memory" line is the server's
 * word, not the demo's guess.
 */

/** The prefix of a memory line on stderr. */
export const MEMORY_PREFIX = 'mcpkit-memory ';

/** What the server remembers after one request. */
export interface MemorySnapshot {
  /** The request just answered. */
  readonly after: RequestId;
  /** `modern` servers have no session store at all. */
  readonly server: 'dual' | 'legacy' | 'modern';
  /** The legacy sessions held (on stdio, this process's channel). */
  readonly sessions: readonly LegacySessionInfo[];
}

/** Wraps `inner` so that each answered request is followed by a memory line. */
export function reportingDispatcher(
  inner: Dispatcher,
  server: MemorySnapshot['server'],
  sessions: () => readonly LegacySessionInfo[],
  write: (line: string) => void,
): Dispatcher {
  return {
    async dispatch(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse | null> {
      const response = await inner.dispatch(request, context);
      const snapshot: MemorySnapshot = { after: request.id, server, sessions: sessions() };
      write(`${MEMORY_PREFIX}${JSON.stringify(snapshot)}\n`);
      return response;
    },
    notification: inner.notification?.bind(inner),
    response: inner.response?.bind(inner),
  };
}

/** The snapshot on a stderr line, or undefined for any other line. */
export function parseMemoryLine(line: string): MemorySnapshot | undefined {
  if (!line.startsWith(MEMORY_PREFIX)) return undefined;
  try {
    return JSON.parse(line.slice(MEMORY_PREFIX.length)) as MemorySnapshot;
  } catch {
    return undefined;
  }
}
