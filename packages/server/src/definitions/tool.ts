import type { CallToolResult, ContentBlock, Icon, Tool, ToolAnnotations } from '@mcpkit/schema';
import { formatErrors } from '@mcpkit/schema/2026-07-28/core';
import { validateTool } from '@mcpkit/schema/2026-07-28/validators/primitives';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { RequestContext } from '../dispatch/request-context.js';
import type { ExtensionResult } from '../extensions/extension-result.js';
import type { InputRequired } from '../mrtr/input-required.js';
import { compileJsonSchema, type CompiledJsonSchema, type JsonSchemaObject } from '../json-schema/compile.js';
import type { JsonSchemaValidator } from '@mcpkit/schema/json-schema';
import { extractHeaderParams, type HeaderParam } from '../json-schema/header-params.js';
import { isStandardSchema, jsonSchemaOf } from '../json-schema/standard-schema.js';

/** A tool's input or output schema: a JSON Schema object, or any Standard Schema v1 validator. */
export type ToolSchema = JsonSchemaObject | StandardSchemaV1;

/** The arguments a handler receives: the Standard Schema's output type, or a JSON object. */
export type ArgsOf<S> = S extends StandardSchemaV1<unknown, infer Out> ? Out : Record<string, unknown>;

/** What a tool handler returns when it is done; `resultType` is added by dispatch. */
export type ToolResult = Omit<CallToolResult, 'resultType' | 'content'> & {
  resultType?: 'complete';
  /** The result blocks; when omitted, a tool with `structuredContent` gets its JSON as one text block. */
  content?: ContentBlock[];
};

/**
 * A tool's handler: the validated arguments and the request context in, a result, `inputRequired(...)`
 * or an extension's answer (`extensionResult(...)`, e.g. a task) out.
 */
export type ToolHandler<Args> = (
  args: Args,
  ctx: RequestContext,
) => ToolResult | InputRequired | ExtensionResult | Promise<ToolResult | InputRequired | ExtensionResult>;

/** How a server author describes a tool. */
export interface ToolConfig<S extends ToolSchema = JsonSchemaObject> {
  /** Unique name: 1–128 characters of `[A-Za-z0-9_.-]` (server/tools.mdx "Tool Names"). */
  name: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  annotations?: ToolAnnotations;
  _meta?: Record<string, unknown>;
  /**
   * Validates `arguments` (compiled once, here). Default: no arguments allowed
   * (`{ type: 'object', additionalProperties: false }`). A Standard Schema must publish its JSON
   * Schema (Standard JSON Schema) or come with `inputJsonSchema`.
   */
  inputSchema?: S;
  /** The JSON Schema listed for a Standard Schema `inputSchema` that cannot convert itself. */
  inputJsonSchema?: JsonSchemaObject;
  /** Shape of `structuredContent`; checked in development mode. */
  outputSchema?: ToolSchema;
  /** The JSON Schema listed for a Standard Schema `outputSchema` that cannot convert itself. */
  outputJsonSchema?: JsonSchemaObject;
  /** Scopes a caller's principal must hold to see and call the tool (enforced when a principal is present). */
  scopes?: readonly string[];
  /**
   * Compiles the JSON Schemas (default: the eval-free validator, which runs on Workers too); on Node,
   * `ajvValidator` from `@mcpkit/server/ajv` checks faster after a slower start.
   */
  validator?: JsonSchemaValidator;
  handler: ToolHandler<ArgsOf<S>>;
}

/** A checked input or output validator. */
export type SchemaCheck = { readonly kind: 'json'; readonly check: CompiledJsonSchema } | { readonly kind: 'standard'; readonly schema: StandardSchemaV1 };

/** A tool ready to register: its wire descriptor, compiled validators and header parameters. */
export interface ToolDefinition {
  readonly kind: 'tool';
  readonly name: string;
  /** Exactly what `tools/list` shows. */
  readonly descriptor: Tool;
  readonly input: SchemaCheck;
  readonly output: SchemaCheck | undefined;
  /** The `x-mcp-header` arguments (empty when none). */
  readonly headerParams: readonly HeaderParam[];
  readonly scopes: readonly string[] | undefined;
  readonly handler: ToolHandler<unknown>;
}

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const NO_ARGUMENTS: JsonSchemaObject = Object.freeze({ type: 'object', additionalProperties: false });

function prepare(
  schema: ToolSchema,
  fallback: JsonSchemaObject | undefined,
  io: 'input' | 'output',
  what: string,
  validator: JsonSchemaValidator | undefined,
): { json: JsonSchemaObject; check: SchemaCheck } {
  if (isStandardSchema(schema)) {
    const json = fallback ?? jsonSchemaOf(schema, io);
    if (!json) throw new TypeError(`${what}: this Standard Schema cannot produce a JSON Schema; pass one as ${io}JsonSchema`);
    return { json, check: { kind: 'standard', schema } };
  }
  return { json: schema, check: { kind: 'json', check: compileJsonSchema(schema, what, validator) } };
}

/**
 * Defines a tool: checks its name and descriptor, compiles its schemas and reads its `x-mcp-header`
 * arguments, once. Throws a `TypeError` naming the problem.
 *
 * @example
 * tool({ name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
 *        handler: ({ text }) => ({ content: [{ type: 'text', text: String(text) }] }) })
 */
export function tool<S extends ToolSchema = JsonSchemaObject>(config: ToolConfig<S>): ToolDefinition {
  const { name } = config;
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
    throw new TypeError(`Tool name ${JSON.stringify(name)} must be 1–128 characters of A-Z, a-z, 0-9, "_", "-" or "." (server/tools.mdx)`);
  }
  if (typeof config.handler !== 'function') throw new TypeError(`Tool "${name}": handler must be a function`);
  const input = prepare(config.inputSchema ?? NO_ARGUMENTS, config.inputJsonSchema, 'input', `Tool "${name}" inputSchema`, config.validator);
  if (input.json.type !== 'object') throw new TypeError(`Tool "${name}": inputSchema must have "type": "object" at its root (server/tools.mdx)`);
  const output = config.outputSchema
    ? prepare(config.outputSchema, config.outputJsonSchema, 'output', `Tool "${name}" outputSchema`, config.validator)
    : undefined;
  const descriptor: Tool = {
    name,
    ...(config.title !== undefined && { title: config.title }),
    ...(config.description !== undefined && { description: config.description }),
    inputSchema: input.json as Tool['inputSchema'],
    ...(output && { outputSchema: output.json as Tool['outputSchema'] }),
    ...(config.annotations !== undefined && { annotations: config.annotations }),
    ...(config.icons !== undefined && { icons: config.icons }),
    ...(config._meta !== undefined && { _meta: config._meta }),
  };
  if (!validateTool(descriptor)) throw new TypeError(`Tool "${name}" is not a valid Tool: ${formatErrors(validateTool.errors)}`);
  return Object.freeze({
    kind: 'tool',
    name,
    descriptor: Object.freeze(descriptor),
    input: input.check,
    output: output?.check,
    headerParams: extractHeaderParams(name, input.json),
    scopes: config.scopes ? Object.freeze([...config.scopes]) : undefined,
    handler: config.handler as ToolHandler<unknown>,
  });
}
