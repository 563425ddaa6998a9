/**
 * `x-mcp-header` on the HTTP transport: what a dispatcher offers so the handler can check the
 * `Mcp-Param-*` headers of a `tools/call`. The rules themselves (which annotations are valid, how
 * values are read, encoded and compared) are protocol knowledge and live in `@mcpkit/schema`.
 * spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Custom Headers from Tool Parameters)
 */
import type { HeaderParamRef } from '@mcpkit/schema';

/**
 * One annotated property of a tool's `inputSchema` (`path` may be left out for a top-level
 * property). Kept under this name for compatibility: it is `HeaderParamRef` of `@mcpkit/schema`.
 */
export type HeaderParam = HeaderParamRef;

/** What a dispatcher offers (structurally) so the transport can check `Mcp-Param-*` headers. */
export interface HeaderParamSource {
  /** The annotated properties of tool `toolName`, or `undefined` for an unknown tool. */
  headerParams(toolName: string): ReadonlyArray<HeaderParam> | undefined;
  /**
   * The `params` member the `Mcp-Name` header mirrors for a method the catalogue does not know (an
   * extension's, e.g. `taskId` for `tasks/get`), or `undefined` when none; checked like the core's.
   */
  nameSource?(method: string): string | undefined;
}
