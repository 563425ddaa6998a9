/**
 * The input handlers of the conformance client: a user who accepts every form with its defaults, a
 * model that always says the same thing, and one root. They answer MRTR input requests (2026-07-28)
 * and server-initiated requests of a legacy session (2025-11-25) alike, and they are what the client
 * declares as its capabilities (elicitation, sampling, roots).
 */
import type { InputHandlers } from '@mcpkit/client';
import type { ElicitResult } from '@mcpkit/schema';

type Schema = Record<string, unknown>;
type Value = string | number | boolean | string[];

/** A value of the property's own type for a required field that has no default. */
function sample(property: Schema): Value | undefined {
  if (Array.isArray(property.enum) && property.enum.length > 0) return property.enum[0] as Value;
  if (Array.isArray(property.oneOf) && (property.oneOf[0] as Schema | undefined)?.const !== undefined) return (property.oneOf[0] as Schema).const as Value;
  switch (property.type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return typeof property.minimum === 'number' ? property.minimum : 0;
    case 'array': {
      const items = (property.items ?? {}) as Schema;
      const first = Array.isArray(items.enum) ? items.enum[0] : Array.isArray(items.anyOf) ? (items.anyOf[0] as Schema | undefined)?.const : undefined;
      return first === undefined ? [] : [first as string];
    }
    case 'string':
      return typeof property.minLength === 'number' && property.minLength > 0 ? 'x'.repeat(property.minLength) : 'conformance';
    default:
      return undefined;
  }
}

/**
 * Accepts a form: every field with a `default` gets it (SEP-1034), every other required field a
 * value of its type, optional fields without a default stay empty.
 *
 * @example acceptWithDefaults({ type: 'object', properties: { n: { type: 'integer', default: 3 } } }) // { action: 'accept', content: { n: 3 } }
 */
export function acceptWithDefaults(requestedSchema: Schema): ElicitResult {
  const properties = (requestedSchema.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(requestedSchema.required) ? (requestedSchema.required as string[]) : []);
  const content: Record<string, Value> = {};
  for (const [name, property] of Object.entries(properties)) {
    const value = 'default' in property ? (property.default as Value) : required.has(name) ? sample(property) : undefined;
    if (value !== undefined) content[name] = value;
  }
  return { action: 'accept', content };
}

/** The handlers every scenario runs with. */
export const conformanceHandlers: InputHandlers = {
  elicitation: {
    form: (params) => acceptWithDefaults(params.requestedSchema as unknown as Schema),
  },
  sampling: () => ({
    role: 'assistant',
    content: { type: 'text', text: 'This is a response from the mcpkit conformance client.' },
    model: 'mcpkit-conformance',
    stopReason: 'endTurn',
  }),
  roots: () => ({ roots: [{ uri: 'file:///tmp/mcpkit-conformance', name: 'conformance' }] }),
};
