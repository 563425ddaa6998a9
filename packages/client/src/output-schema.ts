import type { JsonSchemaDialect, JsonSchemaValidator } from '@mcpkit/schema/json-schema';

/**
 * Compiles a tool's `outputSchema` (server-supplied, so untrusted) into a check of
 * `structuredContent` (server/tools.mdx "Output Schema": clients SHOULD validate). The rules of
 * basic/index.mdx "JSON Schema Usage": 2020-12 by default, a clear error for an unsupported
 * dialect, never a network `$ref` (an unresolved one rejects the schema), and bounds on size and depth.
 * The validator generates no code (`@mcpkit/schema/json-schema`), so a client bundle runs on Workers
 * and under a strict Content Security Policy; `format` is an annotation, as in 2020-12 by default.
 */

/** A compiled output schema: `undefined` when the value conforms, otherwise why not. */
export type OutputCheck = (value: unknown) => string | undefined;

/** Bounds on an output schema before it is compiled. */
const MAX_DEPTH = 64;
const MAX_NODES = 10_000;

const DIALECTS: Record<string, JsonSchemaDialect> = {
  'https://json-schema.org/draft/2020-12/schema': '2020-12',
  'https://json-schema.org/draft/2019-09/schema': '2019-09',
  'http://json-schema.org/draft-07/schema': 'draft-07',
};
/** The eval-free validator, imported with the first output schema to compile: a client whose tools declare none never loads it. */
let validator: Promise<JsonSchemaValidator> | undefined;
const evalFree = (): Promise<JsonSchemaValidator> =>
  (validator ??= import('@mcpkit/schema/json-schema').then((module) => module.createEvalFreeValidator({ assertFormats: false })));

/** The supported dialects, for messages and the README. */
export const OUTPUT_SCHEMA_DIALECTS = ['2020-12 (default)', '2019-09', 'draft-07'] as const;

/**
 * Compiles an output schema. Rejects with a `TypeError` saying why it cannot be used (not an object,
 * too large or deep, unsupported dialect, unresolvable `$ref`, invalid schema).
 *
 * @example (await compileOutputSchema({ type: 'object', required: ['n'] }))({ n: 1 }) // undefined
 */
export async function compileOutputSchema(schema: unknown): Promise<OutputCheck> {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    throw new TypeError('outputSchema must be a JSON object');
  }
  measure(schema, 0, { nodes: 0 });
  const dialect = dialectOf((schema as { $schema?: unknown }).$schema);
  const known = DIALECTS[dialect];
  if (known === undefined) {
    throw new TypeError(`outputSchema uses the unsupported dialect ${JSON.stringify(dialect)} (supported: ${OUTPUT_SCHEMA_DIALECTS.join(', ')})`);
  }
  const compiler = await evalFree();
  try {
    return compiler.compile(schema as Record<string, unknown>, known);
  } catch (error) {
    throw new TypeError(`outputSchema cannot be used: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function dialectOf(declared: unknown): string {
  if (declared === undefined) return 'https://json-schema.org/draft/2020-12/schema';
  if (typeof declared !== 'string') return String(declared);
  return declared.replace(/#$/, '').replace(/^https:\/\/json-schema\.org\/draft-07\//, 'http://json-schema.org/draft-07/');
}

function measure(node: unknown, depth: number, count: { nodes: number }): void {
  if (node === null || typeof node !== 'object') return;
  if (depth > MAX_DEPTH) throw new TypeError(`outputSchema is nested deeper than ${MAX_DEPTH} levels`);
  if (++count.nodes > MAX_NODES) throw new TypeError(`outputSchema has more than ${MAX_NODES} nodes`);
  for (const value of Array.isArray(node) ? node : Object.values(node)) measure(value, depth + 1, count);
}
