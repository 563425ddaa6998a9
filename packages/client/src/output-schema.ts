import { formatErrors, type ValidationError } from '@mcpkit/schema';

/**
 * Compiles a tool's `outputSchema` (server-supplied, so untrusted) into a check of
 * `structuredContent` (server/tools.mdx "Output Schema": clients SHOULD validate). The rules of
 * basic/index.mdx "JSON Schema Usage": 2020-12 by default, a clear error for an unsupported
 * dialect, never a network `$ref` (an unresolved one rejects the schema), and bounds on size and depth.
 * ajv is loaded on the first schema compiled: a client that never meets an output schema never pays
 * for loading it.
 */

/** A compiled output schema: `undefined` when the value conforms, otherwise why not. */
export type OutputCheck = (value: unknown) => string | undefined;

/** Bounds on an output schema before it is compiled. */
const MAX_DEPTH = 64;
const MAX_NODES = 10_000;

const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';
type Engine = { compile(schema: object): ((value: unknown) => boolean) & { errors?: unknown } };
type EngineClass = new (options: object) => Engine;

/** The ajv module of each dialect, imported when first needed (ajv is CommonJS: its class may sit on `default`). */
const FACTORIES: Record<string, () => Promise<unknown>> = {
  [DRAFT_2020]: () => import('ajv/dist/2020.js'),
  'https://json-schema.org/draft/2019-09/schema': () => import('ajv/dist/2019.js'),
  'http://json-schema.org/draft-07/schema': () => import('ajv'),
};
/** `format` is an annotation in 2020-12 by default, so it is not asserted; unknown keywords are allowed. */
const OPTIONS = { strict: false, validateFormats: false, addUsedSchema: false, allErrors: false } as const;
const engines = new Map<string, Promise<Engine>>();

function classOf(module: unknown): EngineClass {
  let value = module as { default?: unknown };
  while (typeof value !== 'function' && value?.default !== undefined) value = value.default as { default?: unknown };
  return value as unknown as EngineClass;
}

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
  const factory = FACTORIES[dialect];
  if (factory === undefined) {
    throw new TypeError(
      `outputSchema uses the unsupported dialect ${JSON.stringify(dialect)} (supported: ${OUTPUT_SCHEMA_DIALECTS.join(', ')})`,
    );
  }
  let loading = engines.get(dialect);
  if (loading === undefined) {
    loading = factory().then((module) => new (classOf(module))(OPTIONS));
    engines.set(dialect, loading);
  }
  const engine = await loading;
  let validate: ReturnType<Engine['compile']>;
  try {
    validate = engine.compile(schema);
  } catch (error) {
    throw new TypeError(`outputSchema cannot be used: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (value) => (validate(value) ? undefined : formatErrors(validate.errors as ValidationError[]));
}

function dialectOf(declared: unknown): string {
  if (declared === undefined) return DRAFT_2020;
  if (typeof declared !== 'string') return String(declared);
  return declared.replace(/#$/, '').replace(/^https:\/\/json-schema\.org\/draft-07\//, 'http://json-schema.org/draft-07/');
}

function measure(node: unknown, depth: number, count: { nodes: number }): void {
  if (node === null || typeof node !== 'object') return;
  if (depth > MAX_DEPTH) throw new TypeError(`outputSchema is nested deeper than ${MAX_DEPTH} levels`);
  if (++count.nodes > MAX_NODES) throw new TypeError(`outputSchema has more than ${MAX_NODES} nodes`);
  for (const value of Array.isArray(node) ? node : Object.values(node)) measure(value, depth + 1, count);
}
