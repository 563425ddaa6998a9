import type { CallToolResult, Tool } from '@mcpkit/schema';
import { OutputSchemaError } from './errors.js';
import { headerParamsOf, headersFor, type HeaderParam } from './header-params.js';
import { compileOutputSchema, type OutputCheck } from './output-schema.js';

/** What the client remembers of one listed tool. */
interface ToolEntry {
  readonly headerParams: readonly HeaderParam[];
  readonly outputSchema: unknown;
  /** Compiled on the first call that needs it; an `Error` when the schema cannot be used. */
  check?: OutputCheck | Error;
}

type Compiled = OutputCheck | Error;

/** Compiled output schemas are shared by identical schemas, up to this many. */
const MAX_COMPILED = 1_000;
const NO_HEADERS: readonly HeaderParam[] = [];

/**
 * The tools the client has seen in `tools/list`: their `x-mcp-header` arguments (HTTP) and their
 * output schemas. Filled as pages are listed; a tool never listed is called without either.
 */
export class ToolIndex {
  private readonly tools = new Map<string, ToolEntry>();
  private readonly compiled = new Map<string, Promise<Compiled>>();
  private readonly admitted = new WeakSet<object>();

  constructor(
    /** On HTTP tools with invalid `x-mcp-header` annotations are dropped and their headers are mirrored. */
    private readonly mirrorHeaders: boolean,
    private readonly warn: (message: string) => void,
  ) {}

  /**
   * Indexes one page of tools and returns the tools a user may see: on HTTP, a tool whose
   * `x-mcp-header` annotations are invalid is left out with a warning
   * (server/tools.mdx "x-mcp-header": the client MUST exclude it from the result of `tools/list`).
   */
  admit(page: { tools: Tool[] }): void {
    if (this.admitted.has(page)) return;
    const kept: Tool[] = [];
    for (const tool of page.tools) {
      let headerParams = NO_HEADERS;
      if (this.mirrorHeaders) {
        try {
          headerParams = headerParamsOf(tool.inputSchema);
        } catch (error) {
          this.warn(`Tool "${tool.name}" was left out of tools/list: ${(error as Error).message}`);
          continue;
        }
      }
      kept.push(tool);
      this.tools.set(tool.name, { headerParams, outputSchema: tool.outputSchema });
    }
    if (kept.length !== page.tools.length) page.tools = kept;
    this.admitted.add(page);
  }

  /** Forgets every tool (the tool list changed). */
  clear(): void {
    this.tools.clear();
  }

  /** Whether the tool was seen in a `tools/list` page since the last `clear`. */
  has(name: string): boolean {
    return this.tools.has(name);
  }

  /** The `Mcp-Param-*` headers of a call to `name` with `args`, if the tool mirrors any. */
  headers(name: string, args: Record<string, unknown> | undefined): Record<string, string> | undefined {
    const entry = this.tools.get(name);
    return entry === undefined || entry.headerParams.length === 0 ? undefined : headersFor(entry.headerParams, args);
  }

  /**
   * Throws `OutputSchemaError` when a successful result of `name` does not match the tool's
   * `outputSchema`. Synchronous (`undefined`) unless the schema still has to be compiled.
   */
  checkOutput(name: string, result: CallToolResult): Promise<void> | undefined {
    const entry = this.tools.get(name);
    if (entry === undefined || entry.outputSchema === undefined || result.isError === true) return undefined;
    if (result.structuredContent === undefined) {
      throw new OutputSchemaError(name, 'the tool declares an outputSchema but the result has no structuredContent', result);
    }
    if (entry.check !== undefined) return apply(entry.check, name, result);
    return this.compile(entry.outputSchema).then((check) => {
      entry.check = check;
      apply(check, name, result);
    });
  }

  private compile(schema: unknown): Promise<Compiled> {
    const key = JSON.stringify(schema);
    let check = this.compiled.get(key);
    if (check === undefined) {
      check = compileOutputSchema(schema).catch((error: unknown) => error as Error);
      if (this.compiled.size >= MAX_COMPILED) this.compiled.clear();
      this.compiled.set(key, check);
    }
    return check;
  }
}

function apply(check: Compiled, name: string, result: CallToolResult): undefined {
  if (check instanceof Error) throw new OutputSchemaError(name, check.message, result);
  const problem = check(result.structuredContent);
  if (problem !== undefined) {
    throw new OutputSchemaError(name, `structuredContent does not match the outputSchema: ${problem}`, result);
  }
  return undefined;
}
