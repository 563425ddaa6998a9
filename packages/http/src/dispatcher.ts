/**
 * The dispatcher as the HTTP handler uses it. Everything the handler reads from it besides
 * `dispatch` is declared here, so a wrapper (`dualEra` of `@mcpkit/legacy`) that implements this
 * interface cannot drop a member without the compiler saying so.
 */
import type { Dispatcher } from '@mcpkit/jsonrpc';
import type { HeaderParamRef } from '@mcpkit/schema';
import type { InterceptHook } from './options.js';

/** A `Dispatcher` with what it offers the HTTP transport. `McpServer` and `dualEra(server)` implement it. */
export interface HttpDispatcher extends Dispatcher {
  /**
   * The `x-mcp-header` arguments of tool `toolName` (`undefined` for an unknown tool), so that the
   * `Mcp-Param-*` headers of a `tools/call` are checked against its arguments.
   */
  headerParams(toolName: string): ReadonlyArray<HeaderParamRef> | undefined;
  /**
   * The `params` member the `Mcp-Name` header mirrors for a method the catalogue does not know (an
   * extension's, e.g. `taskId` for `tasks/get`), or `undefined` when none; checked like the core's.
   */
  nameSource?(method: string): string | undefined;
  /**
   * Serves what the modern endpoint does not: consulted for GET and DELETE and for every well-formed
   * POSTed message before the modern checks (see {@link InterceptHook}). `dualEra` serves legacy
   * sessions with it.
   */
  readonly intercept?: InterceptHook;
}

/** `dispatcher`'s `headerParams`, when it has one. */
export function headerParamsOf(dispatcher: Dispatcher): HttpDispatcher['headerParams'] | undefined {
  const d = dispatcher as Partial<HttpDispatcher>;
  return typeof d.headerParams === 'function' ? d.headerParams.bind(dispatcher) : undefined;
}

/** `dispatcher`'s `nameSource`, when it has one. */
export function nameSourceOf(dispatcher: Dispatcher): HttpDispatcher['nameSource'] | undefined {
  const d = dispatcher as Partial<HttpDispatcher>;
  return typeof d.nameSource === 'function' ? d.nameSource.bind(dispatcher) : undefined;
}

/** `dispatcher`'s `intercept`, when it has one. */
export function interceptOf(dispatcher: Dispatcher): InterceptHook | undefined {
  const d = dispatcher as Partial<HttpDispatcher>;
  return typeof d.intercept === 'function' ? d.intercept.bind(dispatcher) : undefined;
}
