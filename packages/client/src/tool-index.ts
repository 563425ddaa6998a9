import type { CallToolResult, HeaderParam, Tool } from '@mcpkit/schema';
import { headerParamsFromSchema, mcpParamHeaders } from '@mcpkit/schema/2026-07-28/core';
import { ToolOutputChecker, type OutputSchemaCompiler } from './tool-output-checker.js';

const NO_HEADERS: readonly HeaderParam[] = [];

/**
 * The tools the client has seen in `tools/list`: their `x-mcp-header` arguments (HTTP) and their
 * output schemas. Filled as pages are listed; a tool never listed is called without either.
 */
export class ToolIndex {
  private readonly headerParams = new Map<string, readonly HeaderParam[]>();
  private readonly outputs: ToolOutputChecker;
  private readonly admitted = new WeakSet<object>();

  constructor(
    /** On HTTP tools with invalid `x-mcp-header` annotations are dropped and their headers are mirrored. */
    private readonly mirrorHeaders: boolean,
    private readonly warn: (message: string) => void,
    compiler: () => OutputSchemaCompiler | undefined,
  ) {
    this.outputs = new ToolOutputChecker(compiler);
  }

  /**
   * Indexes one page of tools and returns the tools a user may see: on HTTP, a tool whose
   * `x-mcp-header` annotations are invalid is left out with a warning
   * (server/tools.mdx "x-mcp-header": the client MUST exclude it from the result of `tools/list`).
   */
  admit(page: { tools: Tool[] }): void {
    if (this.admitted.has(page)) return;
    const kept: Tool[] = [];
    for (const tool of page.tools) {
      let params = NO_HEADERS;
      if (this.mirrorHeaders) {
        const read = headerParamsFromSchema(tool.inputSchema);
        if (!read.ok) {
          this.warn(`Tool "${tool.name}" was left out of tools/list: ${read.reason}`);
          continue;
        }
        params = read.params;
      }
      kept.push(tool);
      this.headerParams.set(tool.name, params);
    }
    this.outputs.learn(kept);
    if (kept.length !== page.tools.length) page.tools = kept;
    this.admitted.add(page);
  }

  /** Forgets every tool (the tool list changed). */
  clear(): void {
    this.headerParams.clear();
    this.outputs.clear();
  }

  /** Whether the tool was seen in a `tools/list` page since the last `clear`. */
  has(name: string): boolean {
    return this.headerParams.has(name);
  }

  /**
   * The `Mcp-Param-*` headers of a call to `name` with `args`, if the tool mirrors any. Throws a
   * `TypeError`/`RangeError` for an argument no header can carry (the call is not sent).
   */
  headers(name: string, args: Record<string, unknown> | undefined): Record<string, string> | undefined {
    const params = this.headerParams.get(name);
    if (params === undefined || params.length === 0 || args === undefined) return undefined;
    const headers = mcpParamHeaders(params, args);
    return Object.keys(headers).length === 0 ? undefined : headers;
  }

  /** Checks a result's `structuredContent` against the tool's `outputSchema` (see `ToolOutputChecker.check`). */
  checkOutput(name: string, result: CallToolResult): Promise<void> | undefined {
    return this.outputs.check(name, result);
  }
}
