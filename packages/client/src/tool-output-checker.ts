import type { CallToolResult, Tool } from '@mcpkit/schema';
import { OutputSchemaError } from './errors.js';
import type { OutputCheck } from './output-schema.js';

type Compiled = OutputCheck | Error;

/** Compiles one output schema (`compileOutputSchema`). */
export type OutputSchemaCompiler = (schema: unknown) => Promise<OutputCheck>;

/** What the checker remembers of one listed tool. */
interface Entry {
  readonly outputSchema: unknown;
  /** Compiled on the first call that needs it; an `Error` when the schema cannot be used. */
  check?: Compiled;
}

/**
 * Checks `structuredContent` of tool results against the `outputSchema` of the tools seen in
 * `tools/list` (server/tools.mdx "Output Schema": clients SHOULD validate). A tool never listed is
 * not checked: the checker never fetches a schema behind the caller's back. Schemas are compiled
 * on first use and shared between identical schemas. Any era's client can use it.
 *
 * @example
 * const outputs = new ToolOutputChecker(() => compileOutputSchema);
 * outputs.learn((await client.listTools()).tools);
 * await outputs.check('weather', result); // throws OutputSchemaError when it does not match
 */
export class ToolOutputChecker {
  private readonly tools = new Map<string, Entry>();
  private readonly compiled = new Map<string, Promise<Compiled>>();

  constructor(
    /**
     * Answers the compiler, passed in so that a client which checks no output schema holds no JSON
     * Schema validator; asked at each check (a client may load its checks after it was built).
     * `undefined`: output schemas are not checked.
     */
    private readonly compiler: () => OutputSchemaCompiler | undefined,
    /** Compiled schemas kept at most (identical schemas share one). */
    private readonly maxCompiled = 1_000,
  ) {}

  /** Remembers the output schemas of listed tools (a tool listed again replaces what was known of it). */
  learn(tools: readonly Tool[]): void {
    for (const tool of tools) this.tools.set(tool.name, { outputSchema: tool.outputSchema });
  }

  /** Forgets every tool (the tool list changed). */
  clear(): void {
    this.tools.clear();
  }

  /**
   * Throws `OutputSchemaError` when a successful result of `name` does not match the tool's
   * `outputSchema`, or has no `structuredContent` although the tool declares one. Error results
   * (`isError`) are not checked. Synchronous (`undefined`) unless the schema still has to be compiled.
   */
  check(name: string, result: CallToolResult): Promise<void> | undefined {
    const entry = this.tools.get(name);
    if (entry === undefined || entry.outputSchema === undefined || result.isError === true) return undefined;
    const compile = this.compiler();
    if (compile === undefined) return undefined;
    if (result.structuredContent === undefined) {
      throw new OutputSchemaError(name, 'the tool declares an outputSchema but the result has no structuredContent', result);
    }
    if (entry.check !== undefined) return apply(entry.check, name, result);
    return this.compile(entry.outputSchema, compile).then((check) => {
      entry.check = check;
      apply(check, name, result);
    });
  }

  private compile(schema: unknown, compile: OutputSchemaCompiler): Promise<Compiled> {
    const key = JSON.stringify(schema);
    let check = this.compiled.get(key);
    if (check === undefined) {
      check = Promise.resolve()
        .then(() => compile(schema))
        .catch((error: unknown) => error as Error);
      if (this.compiled.size >= this.maxCompiled) this.compiled.clear();
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
