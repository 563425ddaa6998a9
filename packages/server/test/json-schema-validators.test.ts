import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ajvValidator } from '../src/ajv.js';
import { compileJsonSchema } from '../src/json-schema/compile.js';
import { createServer, evalFreeValidator, tool, type JsonSchemaObject } from '../src/index.js';
import { quiet, result } from './helpers.js';

/** The conformance suite's `json_schema_2020_12_tool` input schema ($defs + $anchor, allOf/anyOf, if/then/else). */
const CONTACT: JsonSchemaObject = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: { address: { $anchor: 'addressDef', type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

const CONTACTS: unknown[] = [
  { name: 'Ada', email: 'ada@example.com' },
  { name: 'Ada', contactMethod: 'phone', phone: '123' },
  { name: 'Ada', contactMethod: 'phone', email: 'a@b.c' },
  { name: 'Ada', contactMethod: 'email', phone: '123' },
  { name: 'Ada', contactMethod: 'fax', email: 'a@b.c' },
  { name: 'Ada', email: 'a@b.c', address: { street: 'Main', city: 1 } },
  { name: 'Ada', email: 'a@b.c', address: { street: 'Main', city: 'Oslo' } },
  { name: 'Ada', email: 'a@b.c', extra: true },
  { name: 1, email: 'a@b.c' },
  {},
  [],
  'text',
  null,
];

const VALIDATORS = { 'eval-free (default)': evalFreeValidator, ajv: ajvValidator };

describe('tool-schema validators', () => {
  for (const [label, validator] of Object.entries(VALIDATORS)) {
    it(`${label}: decides the conformance 2020-12 schema as the other validator does`, () => {
      const mine = compileJsonSchema(CONTACT, 'contact', validator);
      const other = compileJsonSchema(CONTACT, 'contact', validator === ajvValidator ? evalFreeValidator : ajvValidator);
      for (const value of CONTACTS) expect({ value, valid: mine(value) === undefined }).toEqual({ value, valid: other(value) === undefined });
      expect(mine({ name: 'Ada', email: 'a@b.c' })).toBeUndefined();
      expect(mine({ name: 'Ada', contactMethod: 'phone', email: 'a@b.c' })).toBeDefined();
    });

    it(`${label}: says which property is missing, mistyped or not allowed`, () => {
      const check = compileJsonSchema(
        { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'], additionalProperties: false },
        'add',
        validator,
      );
      expect(check({ a: 1 })).toMatch(/must have required property 'b'/);
      expect(check({ a: 1, b: 'two' })).toMatch(/^\/b: must be integer/);
      expect(check({ a: 1, b: 2, c: 3 })).toMatch(/must NOT have additional properties \('c'\)/);
    });

    // spec: 2026-07-28/pages/basic/index.mdx ("$ref Resolution": never fetch network $refs; reject unresolved ones)
    it(`${label}: resolves local $refs (pointer, anchor, $id) and refuses the others`, () => {
      const local = compileJsonSchema(
        { type: 'object', $defs: { n: { $anchor: 'num', type: 'number' } }, properties: { a: { $ref: '#/$defs/n' }, b: { $ref: '#num' } } },
        'refs',
        validator,
      );
      expect(local({ a: 1, b: 2 })).toBeUndefined();
      expect(local({ a: 1, b: 'x' })).toMatch(/\/b/);
      for (const $ref of ['https://example.com/schema.json', '#/$defs/missing', 'other.json']) {
        expect(() => compileJsonSchema({ type: 'object', properties: { x: { $ref } } }, 'bad', validator)).toThrow(/invalid JSON Schema/);
      }
    });
  }

  it('eval-free: refuses malformed schemas, naming the keyword', () => {
    const bad: Array<[JsonSchemaObject, RegExp]> = [
      [{ type: 'object', properties: { x: { type: 'nope' } } }, /\/properties\/x\/type/],
      [{ type: 'object', required: 'x' }, /\/required: must be an array of unique strings/],
      [{ type: 'object', properties: { x: { minLength: -1 } } }, /minLength: must be a non-negative integer/],
      [{ type: 'object', properties: { x: { pattern: '(' } } }, /pattern: is not a valid regular expression/],
      [{ type: 'object', anyOf: [] }, /anyOf: must be a non-empty array of schemas/],
      [{ type: 'object', properties: 3 }, /properties: must be an object of schemas/],
      [{ type: 'object', properties: { x: { multipleOf: 0 } } }, /multipleOf/],
    ];
    for (const [schema, why] of bad) expect(() => compileJsonSchema(schema, 'Tool "t" inputSchema')).toThrow(why);
    // Unknown keywords are annotations, as in ajv with strict: false.
    expect(() => compileJsonSchema({ type: 'object', 'x-mcp-header': 'Region', examples: [{}] }, 't')).not.toThrow();
  });

  it('eval-free: refuses $dynamicRef instead of ignoring it, pointing to ajvValidator', () => {
    expect(() => compileJsonSchema({ type: 'object', $dynamicAnchor: 'node', properties: { next: { $dynamicRef: '#node' } } }, 't')).toThrow(
      /\$dynamicRef.*ajvValidator/,
    );
    expect(() =>
      compileJsonSchema({ type: 'object', $dynamicAnchor: 'node', properties: { next: { $dynamicRef: '#node' } } }, 't', ajvValidator),
    ).not.toThrow();
  });

  it('eval-free: asserts formats and applies the declared dialect (draft-07 items arrays)', () => {
    const email = compileJsonSchema({ type: 'object', properties: { e: { type: 'string', format: 'email' } } }, 't');
    expect(email({ e: 'ada@example.com' })).toBeUndefined();
    expect(email({ e: 'nope' })).toMatch(/^\/e: .*email/);
    const tuple = compileJsonSchema(
      { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { t: { items: [{ type: 'string' }], additionalItems: false } } },
      't',
    );
    expect(tuple({ t: ['a'] })).toBeUndefined();
    expect(tuple({ t: ['a', 'b'] })).toBeDefined();
  });

  it("eval-free: leaves the caller's (possibly frozen) schema untouched", () => {
    const schema = Object.freeze({
      type: 'object',
      properties: Object.freeze({ a: Object.freeze({ $ref: '#/$defs/a' }) }),
      $defs: Object.freeze({ a: Object.freeze({ type: 'string' }) }),
    });
    const before = JSON.stringify(schema);
    expect(compileJsonSchema(schema, 't')({ a: 'x' })).toBeUndefined();
    expect(JSON.stringify(schema)).toBe(before);
    expect(Object.getOwnPropertyNames(schema)).toEqual(['type', 'properties', '$defs']);
  });

  it('a tool takes its validator; both answer a bad call with the same isError result', async () => {
    const inputSchema = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };
    const handler = ({ text }: Record<string, unknown>) => ({ content: [{ type: 'text' as const, text: String(text) }] });
    const server = createServer({
      info: { name: 't', version: '1' },
      tools: [tool({ name: 'plain', inputSchema, handler }), tool({ name: 'fast', inputSchema, handler, validator: ajvValidator })],
      ...quiet,
    });
    for (const name of ['plain', 'fast']) {
      expect((await result(server, 'tools/call', { name, arguments: { text: 'hi' } })).content).toEqual([{ type: 'text', text: 'hi' }]);
      const bad = await result(server, 'tools/call', { name, arguments: {} });
      expect(bad).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: `Invalid arguments for tool ${name}: (root): must have required property 'text'` }],
      });
    }
  });

  // Cloudflare Workers forbid eval and new Function; node's --disallow-code-generation-from-strings does the same.
  it('the default validator works where code generation from strings is forbidden', () => {
    const dist = new URL('../dist/index.js', import.meta.url).href;
    const script = `
      const { tool, createServer } = await import(${JSON.stringify(dist)});
      const t = tool({ name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }, handler: ({ text }) => ({ content: [{ type: 'text', text }] }) });
      const s = createServer({ info: { name: 'w', version: '1' }, mode: 'production', onWarning() {} });
      let refused = false; try { new Function('return 1'); } catch { refused = true; }
      const ok = t.input.check({ text: 'x' }) === undefined && t.input.check({}) !== undefined;
      process.stdout.write(JSON.stringify({ refused, ok }));`;
    const out = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual({ refused: true, ok: true });
  });
});
