import type { ElicitRequestFormParams } from '@mcpkit/schema';

/**
 * The fields of an elicitation form (client/elicitation.mdx "Requested Schema"): a flat object of
 * strings (with `format` email/uri/date/date-time), numbers, integers, booleans, single-select
 * enums (`enum`, `oneOf` of `const`/`title`, legacy `enumNames`) and multi-select arrays
 * (`items.enum` or `items.anyOf`). Each field knows how to read typed text and how to check a value,
 * so prompts and `--answers` apply the same rules.
 */

/** One choice of an enum field. */
export interface Choice {
  readonly value: string;
  readonly label: string;
}

/** One field of a form. */
export interface Field {
  readonly name: string;
  readonly label: string;
  readonly description?: string;
  readonly required: boolean;
  readonly kind: 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'multi';
  readonly default?: unknown;
  readonly format?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly choices?: readonly Choice[];
  readonly minItems?: number;
  readonly maxItems?: number;
}

type Schema = Record<string, unknown>;
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

function choicesOf(schema: Schema): Choice[] | undefined {
  if (Array.isArray(schema.enum)) {
    const names = Array.isArray(schema.enumNames) ? (schema.enumNames as unknown[]) : [];
    return schema.enum.map((value, i) => ({ value: String(value), label: typeof names[i] === 'string' ? (names[i] as string) : String(value) }));
  }
  const options = (schema.oneOf ?? schema.anyOf) as unknown;
  if (Array.isArray(options)) {
    return options.map((o) => {
      const option = o as { const?: unknown; title?: unknown };
      return { value: String(option.const), label: typeof option.title === 'string' ? option.title : String(option.const) };
    });
  }
  return undefined;
}

/** The fields of `requestedSchema`, in the order the server listed them. */
export function formFields(requestedSchema: ElicitRequestFormParams['requestedSchema']): Field[] {
  const required = new Set(requestedSchema.required ?? []);
  return Object.entries(requestedSchema.properties ?? {}).map(([name, raw]) => {
    const schema = raw as unknown as Schema;
    const base = {
      name,
      label: typeof schema.title === 'string' ? schema.title : name,
      description: typeof schema.description === 'string' ? schema.description : undefined,
      required: required.has(name),
      default: schema.default,
    };
    if (schema.type === 'array') {
      const items = (schema.items ?? {}) as Schema;
      return { ...base, kind: 'multi', choices: choicesOf(items) ?? [], minItems: num(schema.minItems), maxItems: num(schema.maxItems) } as Field;
    }
    const choices = choicesOf(schema);
    if (choices !== undefined) return { ...base, kind: 'enum', choices } as Field;
    if (schema.type === 'number' || schema.type === 'integer') {
      return { ...base, kind: schema.type, minimum: num(schema.minimum), maximum: num(schema.maximum) } as Field;
    }
    if (schema.type === 'boolean') return { ...base, kind: 'boolean' } as Field;
    return {
      ...base,
      kind: 'string',
      format: typeof schema.format === 'string' ? schema.format : undefined,
      minLength: num(schema.minLength),
      maxLength: num(schema.maxLength),
    } as Field;
  });
}

/** The outcome of reading one field: its value, or why the text does not fit the field. */
export type ParsedField = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

const YES = new Set(['y', 'yes', 'true', '1']);
const NO = new Set(['n', 'no', 'false', '0']);

function pick(field: Field, token: string): string | undefined {
  const choices = field.choices ?? [];
  const index = Number(token);
  if (/^\d+$/.test(token) && index >= 1 && index <= choices.length) return choices[index - 1]!.value;
  return choices.find((c) => c.value === token || c.label.toLowerCase() === token.toLowerCase())?.value;
}

/** Reads what the user typed for `field` (not empty: empty means "default" or "skip"). */
export function parseFieldText(field: Field, text: string): ParsedField {
  const value = text.trim();
  let parsed: unknown;
  switch (field.kind) {
    case 'boolean':
      if (YES.has(value.toLowerCase())) parsed = true;
      else if (NO.has(value.toLowerCase())) parsed = false;
      else return { ok: false, error: 'answer y or n' };
      break;
    case 'number':
    case 'integer':
      parsed = Number(value);
      if (value === '' || !Number.isFinite(parsed)) return { ok: false, error: `${JSON.stringify(value)} is not a number` };
      break;
    case 'enum': {
      parsed = pick(field, value);
      if (parsed === undefined) return { ok: false, error: `choose 1-${field.choices!.length} or one of the values` };
      break;
    }
    case 'multi': {
      const tokens = value
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== '');
      const picked = tokens.map((t) => pick(field, t));
      const bad = tokens.filter((_, i) => picked[i] === undefined);
      if (bad.length > 0) return { ok: false, error: `not a choice: ${bad.join(', ')}` };
      parsed = [...new Set(picked as string[])];
      break;
    }
    default:
      parsed = text;
  }
  const problem = checkFieldValue(field, parsed);
  return problem === undefined ? { ok: true, value: parsed } : { ok: false, error: problem };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function formatProblem(format: string | undefined, value: string): string | undefined {
  switch (format) {
    case 'email':
      return EMAIL.test(value) ? undefined : 'must be an email address';
    case 'uri':
      return URL.canParse(value) ? undefined : 'must be a URI, e.g. https://example.com';
    case 'date':
      return DATE.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : 'must be a date, YYYY-MM-DD';
    case 'date-time':
      return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : 'must be a date and time, e.g. 2026-07-28T09:00:00Z';
    default:
      return undefined;
  }
}

/** Why `value` does not fit `field`, or undefined when it does. */
export function checkFieldValue(field: Field, value: unknown): string | undefined {
  switch (field.kind) {
    case 'string': {
      if (typeof value !== 'string') return 'must be a string';
      if (field.minLength !== undefined && value.length < field.minLength) return `must have at least ${field.minLength} characters`;
      if (field.maxLength !== undefined && value.length > field.maxLength) return `must have at most ${field.maxLength} characters`;
      return formatProblem(field.format, value);
    }
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (field.kind === 'integer' && !Number.isInteger(value)) return 'must be a whole number';
      if (field.minimum !== undefined && value < field.minimum) return `must be at least ${field.minimum}`;
      if (field.maximum !== undefined && value > field.maximum) return `must be at most ${field.maximum}`;
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'enum':
      return typeof value === 'string' && field.choices!.some((c) => c.value === value)
        ? undefined
        : `must be one of ${field.choices!.map((c) => c.value).join(', ')}`;
    case 'multi': {
      if (!Array.isArray(value)) return 'must be an array of choices';
      const bad = value.filter((v) => !field.choices!.some((c) => c.value === v));
      if (bad.length > 0) return `has values that are not choices: ${bad.map((v) => JSON.stringify(v)).join(', ')}`;
      if (field.minItems !== undefined && value.length < field.minItems) return `needs at least ${field.minItems} choices`;
      if (field.maxItems !== undefined && value.length > field.maxItems) return `takes at most ${field.maxItems} choices`;
      return undefined;
    }
  }
}

/** Every problem of accepted form `content` against its fields (missing required, unknown, wrong type). */
export function checkFormContent(fields: readonly Field[], content: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const field of fields) {
    const value = content[field.name];
    if (value === undefined) {
      if (field.required) problems.push(`"${field.name}" is required`);
      continue;
    }
    const problem = checkFieldValue(field, value);
    if (problem !== undefined) problems.push(`"${field.name}" ${problem}`);
  }
  for (const name of Object.keys(content)) {
    if (!fields.some((f) => f.name === name)) problems.push(`"${name}" is not a field of the form (fields: ${fields.map((f) => f.name).join(', ') || 'none'})`);
  }
  return problems;
}
