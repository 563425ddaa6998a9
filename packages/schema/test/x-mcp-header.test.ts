// The one reading of the x-mcp-header rules (server, HTTP transport and client all use it).
// spec: DIGEST.md §9.2 ("x-mcp-header validity", "Encoding", "Server validation")
import { describe, expect, it } from 'vitest';
import {
  decodeHeaderValue,
  encodeHeaderValue,
  headerParamsFromSchema,
  headerValueMatches,
  isPlainHeaderValue,
  mcpParamHeaders,
  readHeaderParam,
  type HeaderParamsResult,
} from '../src/index.js';
import * as modern from '../src/2026-07-28.js';

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });
const reasonOf = (result: HeaderParamsResult): string => (result.ok ? '(valid)' : result.reason);

describe('headerParamsFromSchema: what a valid annotation yields', () => {
  // spec: 2026-07-28/pages/server/tools.mdx ("x-mcp-header", example tool definition)
  it('reads the spec example: one string property mirrored as Mcp-Param-Region', () => {
    const schema = object({ region: { type: 'string', 'x-mcp-header': 'Region' }, query: { type: 'string' } }, { required: ['region', 'query'] });
    expect(headerParamsFromSchema(schema)).toEqual({ ok: true, params: [{ header: 'Region', property: 'region', path: ['region'], type: 'string' }] });
  });

  // spec: 2026-07-28/pages/basic/transports/streamable-http.mdx ("Nested object properties are permitted as long as every step in the chain is a properties key")
  it('follows a chain of properties keys into nested objects', () => {
    const schema = object({ where: { type: 'object', properties: { zone: { type: 'integer', 'x-mcp-header': 'Zone' } } } });
    expect(headerParamsFromSchema(schema)).toEqual({ ok: true, params: [{ header: 'Zone', property: 'zone', path: ['where', 'zone'], type: 'integer' }] });
  });

  // DIGEST §9.2: "Only string, integer or boolean properties may carry it"; a null value sends no header
  // (streamable-http.mdx "Parameter value is null: Client MUST omit the header"), so a nullable primitive is allowed.
  it('accepts the three primitive types, each also nullable', () => {
    for (const type of ['string', 'integer', 'boolean'] as const) {
      expect(headerParamsFromSchema(object({ a: { type, 'x-mcp-header': 'A' } }))).toMatchObject({ ok: true, params: [{ type }] });
      expect(headerParamsFromSchema(object({ a: { type: [type, 'null'], 'x-mcp-header': 'A' } }))).toMatchObject({ ok: true, params: [{ type }] });
      expect(headerParamsFromSchema(object({ a: { type: ['null', type], 'x-mcp-header': 'A' } }))).toMatchObject({ ok: true, params: [{ type }] });
    }
  });

  it('accepts every RFC 9110 tchar in a name', () => {
    expect(headerParamsFromSchema(object({ a: { type: 'string', 'x-mcp-header': "!#$%&'*+-.^_`|~09AZaz" } })).ok).toBe(true);
  });

  it('treats the keyword as data inside const/enum/default/examples, and a property named "x-mcp-header" as a property', () => {
    const schema = object({
      a: { type: 'object', default: { 'x-mcp-header': 'not-a-schema' }, examples: [{ 'x-mcp-header': 'X' }] },
      'x-mcp-header': { type: 'string' },
    });
    expect(headerParamsFromSchema(schema)).toEqual({ ok: true, params: [] });
  });

  it('accepts a $ref sibling on the annotated property itself (the path is still properties only)', () => {
    const schema = object({ a: { $ref: '#/$defs/Code', type: 'string', 'x-mcp-header': 'A' } }, { $defs: { Code: { pattern: '^[a-z]+$' } } });
    expect(headerParamsFromSchema(schema)).toMatchObject({ ok: true, params: [{ header: 'A', path: ['a'] }] });
  });

  it('accepts integer bounds within the JS-safe range, exclusive ones up to 2^53', () => {
    const schema = object({ n: { type: 'integer', minimum: -(2 ** 53 - 1), exclusiveMaximum: 2 ** 53, 'x-mcp-header': 'N' } });
    expect(headerParamsFromSchema(schema).ok).toBe(true);
  });

  it('finds nothing in a schema without annotations, or in a non-object', () => {
    expect(headerParamsFromSchema({ type: 'object' })).toEqual({ ok: true, params: [] });
    expect(headerParamsFromSchema(undefined)).toEqual({ ok: true, params: [] });
  });
});

describe('headerParamsFromSchema: each rule broken gives a reason naming where', () => {
  // spec: 2026-07-28/pages/basic/transports/streamable-http.mdx ("Constraints on x-mcp-header values")
  it.each([
    ['an empty name ("MUST NOT be empty")', object({ a: { type: 'string', 'x-mcp-header': '' } }), /\/properties\/a: "" is not a non-empty RFC 9110 token/],
    ['a space ("1*tchar")', object({ a: { type: 'string', 'x-mcp-header': 'My Region' } }), /RFC 9110 token/],
    ['a colon', object({ a: { type: 'string', 'x-mcp-header': 'Region:Primary' } }), /RFC 9110 token/],
    ['CR/LF ("MUST NOT contain control characters")', object({ a: { type: 'string', 'x-mcp-header': 'A\r\nB' } }), /RFC 9110 token/],
    ['a tab', object({ a: { type: 'string', 'x-mcp-header': 'Region\t1' } }), /RFC 9110 token/],
    ['non-ASCII', object({ a: { type: 'string', 'x-mcp-header': 'Région' } }), /RFC 9110 token/],
    ['a name that is not a string', object({ a: { type: 'string', 'x-mcp-header': 7 } }), /7 is not a non-empty RFC 9110 token/],
  ])('refuses %s', (_what, schema, reason) => {
    expect(reasonOf(headerParamsFromSchema(schema))).toMatch(reason);
  });

  // spec: streamable-http.mdx ("MUST be case-insensitively unique among all x-mcp-header values in the inputSchema")
  it('refuses a name repeated, in the same case or another, even at another depth', () => {
    expect(
      reasonOf(headerParamsFromSchema(object({ a: { type: 'string', 'x-mcp-header': 'Region' }, b: { type: 'string', 'x-mcp-header': 'Region' } }))),
    ).toMatch(/\/properties\/b: "Region" repeats "Region" \(header names are compared ignoring case\)/);
    expect(
      reasonOf(
        headerParamsFromSchema(object({ a: { type: 'string', 'x-mcp-header': 'MyField' }, n: object({ b: { type: 'string', 'x-mcp-header': 'myfield' } }) })),
      ),
    ).toMatch(/repeats "MyField"/);
  });

  // spec: streamable-http.mdx ("MUST only be applied to parameters with primitive types (integer, string, boolean). Parameters with type number are not permitted.")
  it.each([
    ['number', { type: 'number' }],
    ['object', { type: 'object' }],
    ['array', { type: 'array', items: { type: 'string' } }],
    ['null alone', { type: 'null' }],
    ['no type at all', {}],
    ['two primitive types', { type: ['string', 'integer'] }],
    ['a nullable number', { type: ['number', 'null'] }],
  ])('refuses a property of type %s', (_what, property) => {
    expect(reasonOf(headerParamsFromSchema(object({ a: { ...property, 'x-mcp-header': 'A' } })))).toMatch(
      /only "string", "integer" or "boolean" \(optionally with "null"\) may carry it/,
    );
  });

  // spec: streamable-http.mdx ("Integer values MUST be within the safe range for JavaScript (−2^53+1 to 2^53−1)")
  it.each([
    ['a maximum above 2^53−1', { maximum: 2 ** 53 }],
    ['a minimum below −(2^53−1)', { minimum: -(2 ** 53) }],
    ['an exclusive maximum above 2^53', { exclusiveMaximum: 2 ** 53 + 2 }],
    ['an enum with an unsafe integer', { enum: [1, 2 ** 60] }],
    ['a const that is not a safe integer', { const: 2 ** 60 }],
  ])('refuses an integer property whose schema admits unsafe values: %s', (_what, bounds) => {
    expect(reasonOf(headerParamsFromSchema(object({ n: { type: 'integer', ...bounds, 'x-mcp-header': 'N' } })))).toMatch(/integer values must be JS-safe/);
  });

  // spec: streamable-http.mdx ("The chain MUST NOT pass through items (or any other array keyword), composition keywords
  // (oneOf, anyOf, allOf, not), conditional keywords (if/then/else), or $ref")
  it.each([
    ['items', object({ list: { type: 'array', items: object({ a: { type: 'string', 'x-mcp-header': 'A' } }) } })],
    ['prefixItems', object({ list: { type: 'array', prefixItems: [{ type: 'string', 'x-mcp-header': 'A' }] } })],
    ['anyOf', object({ v: { anyOf: [{ type: 'string', 'x-mcp-header': 'A' }] } })],
    ['oneOf', object({}, { oneOf: [object({ a: { type: 'string', 'x-mcp-header': 'A' } })] })],
    ['allOf', object({}, { allOf: [object({ a: { type: 'string', 'x-mcp-header': 'A' } })] })],
    ['not', object({}, { not: object({ a: { type: 'string', 'x-mcp-header': 'A' } }) })],
    ['if/then', object({}, { if: {}, then: object({ a: { type: 'string', 'x-mcp-header': 'A' } }) })],
    ['else', object({}, { if: {}, else: object({ a: { type: 'string', 'x-mcp-header': 'A' } }) })],
    ['$ref into $defs', object({ a: { $ref: '#/$defs/A' } }, { $defs: { A: { type: 'string', 'x-mcp-header': 'A' } } })],
    ['definitions', object({}, { definitions: { A: { type: 'string', 'x-mcp-header': 'A' } } })],
    ['patternProperties', object({}, { patternProperties: { '^a': { type: 'string', 'x-mcp-header': 'A' } } })],
    ['additionalProperties', object({}, { additionalProperties: { type: 'string', 'x-mcp-header': 'A' } })],
    ['an unknown keyword', object({}, { 'x-extra': { a: { type: 'string', 'x-mcp-header': 'A' } } })],
    ['the root itself', { type: 'string', 'x-mcp-header': 'Root' }],
  ])('refuses an annotation reached through %s', (_where, schema) => {
    expect(reasonOf(headerParamsFromSchema(schema))).toMatch(/only a property reachable through "properties" alone, from the root, may carry it/);
  });

  it('names the place with a JSON pointer (escaping ~ and /)', () => {
    const result = headerParamsFromSchema(object({ 'a/b~c': { type: 'number', 'x-mcp-header': 'A' } }));
    expect(reasonOf(result)).toMatch(/^x-mcp-header at \/properties\/a~1b~0c: /);
  });

  it('refuses a schema nested too deep to walk instead of overflowing the stack', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 200; i++) deep = { type: 'object', properties: { n: deep } };
    expect(reasonOf(headerParamsFromSchema(deep))).toMatch(/nested deeper than 64 levels/);
  });
});

describe('readHeaderParam and mcpParamHeaders (the client side of a call)', () => {
  const params = [
    { header: 'Region', property: 'region', type: 'string' as const },
    { header: 'Limit', property: 'limit', type: 'integer' as const },
    { header: 'Dry', property: 'dry', type: 'boolean' as const },
    { header: 'Tenant', property: 'id', path: ['tenant', 'id'], type: 'string' as const },
  ];

  // spec: streamable-http.mdx ("Header extraction is defined as reading the instance value at the exact property path")
  it('reads the value at the exact path, absent when a step is missing', () => {
    expect(readHeaderParam({ tenant: { id: 'acme' } }, params[3]!)).toBe('acme');
    expect(readHeaderParam({ tenant: 'acme' }, params[3]!)).toBeUndefined();
    expect(readHeaderParam({ region: 'eu' }, params[0]!)).toBe('eu');
    expect(readHeaderParam(Object.create({ region: 'inherited' }), params[0]!)).toBeUndefined();
  });

  // spec: streamable-http.mdx ("Parameter value is null / not in arguments: Client MUST omit the header"; "Type conversion")
  it('encodes present values and omits absent and null ones', () => {
    expect(mcpParamHeaders(params, { region: 'Zürich', limit: 10, dry: false, tenant: { id: null } })).toEqual({
      'Mcp-Param-Region': '=?base64?WsO8cmljaA==?=',
      'Mcp-Param-Limit': '10',
      'Mcp-Param-Dry': 'false',
    });
    expect(mcpParamHeaders(params, undefined)).toEqual({});
  });

  it('refuses, before sending, a value no header can carry', () => {
    expect(() => mcpParamHeaders(params, { region: { nested: true } })).toThrow(TypeError);
    expect(() => mcpParamHeaders(params, { limit: 2.5 })).toThrow(/argument "limit" \(Mcp-Param-Limit\) is 2.5: a header carries only JS-safe integers/);
    expect(() => mcpParamHeaders(params, { limit: 2 ** 53 })).toThrow(RangeError);
  });
});

describe('encodeHeaderValue / decodeHeaderValue', () => {
  // spec: 2026-07-28/pages/basic/transports/streamable-http.mdx ("Encoding examples" table)
  it.each([
    ['us-west1', 'us-west1'],
    ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
    [' padded ', '=?base64?IHBhZGRlZCA=?='],
    ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
    ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
  ])('encodes %j as the spec table shows', (value, encoded) => {
    expect(encodeHeaderValue(value)).toBe(encoded);
    expect(decodeHeaderValue(encoded)).toBe(value);
  });

  // spec: streamable-http.mdx ("Type conversion": integer in decimal, boolean lowercase)
  it('writes integers in decimal and booleans as true/false, and refuses other numbers', () => {
    expect([encodeHeaderValue(42), encodeHeaderValue(-7), encodeHeaderValue(true), encodeHeaderValue(false)]).toEqual(['42', '-7', 'true', 'false']);
    for (const bad of [1.5, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => encodeHeaderValue(bad)).toThrow(RangeError);
  });

  // spec: streamable-http.mdx ("control characters, or has leading/trailing whitespace" → Base64); the official
  // conformance suite counts a tab as needing Base64; an empty value would vanish in some HTTP stacks.
  it('encodes control characters (tab included), DEL, edge whitespace and the empty string; keeps inner spaces plain', () => {
    for (const value of ['', 'a\tb', '\tindented', 'a\u007fb', 'a\u0000b', ' lead', 'trail ']) {
      expect(encodeHeaderValue(value)).toMatch(/^=\?base64\?.*\?=$/);
      expect(decodeHeaderValue(encodeHeaderValue(value))).toBe(value);
    }
    expect(encodeHeaderValue('us west 1')).toBe('us west 1');
    expect(isPlainHeaderValue('us west 1')).toBe(true);
  });

  // spec: streamable-http.mdx ("These markers are case-sensitive and MUST appear exactly as shown"; "MUST also
  // Base64-encode any plain-ASCII value that matches the sentinel pattern")
  it('treats only the exact lowercase markers as the sentinel, and encodes anything shaped like it', () => {
    expect(decodeHeaderValue('=?BASE64?SGk=?=')).toBe('=?BASE64?SGk=?=');
    expect(decodeHeaderValue('=?base64?SGVsbG8=')).toBe('=?base64?SGVsbG8=');
    expect(decodeHeaderValue('SGVsbG8=')).toBe('SGVsbG8=');
    expect(isPlainHeaderValue('=?base64??=')).toBe(false);
    expect(isPlainHeaderValue('=?base64?x?=')).toBe(false);
  });

  // spec: streamable-http.mdx ("Servers MUST reject requests with a recognized Mcp-Param-{Name} header that contains invalid characters")
  it.each([
    ['unpadded base64', '=?base64?SGVsbG8?='],
    ['characters outside the alphabet', '=?base64?SGVs!!!bG8=?='],
    ['bytes that are not UTF-8', '=?base64?/w==?='],
    ['a raw control character', 'a\u0001b'],
    ['raw non-ASCII', 'Zürich'],
  ])('reports %s as malformed', (_what, raw) => {
    expect(decodeHeaderValue(raw)).toBeUndefined();
  });

  it('accepts a tab in a received plain value (RFC 9110 field values may hold one)', () => {
    expect(decodeHeaderValue('a\tb')).toBe('a\tb');
  });
});

describe('headerValueMatches (server validation)', () => {
  // spec: streamable-http.mdx ("servers SHOULD compare the header value and the body value numerically ... 42.0 and 42 are considered equal")
  it('compares integers by value, but not hex, padded or signed forms', () => {
    for (const equal of ['42', '42.0', '4.2e1']) expect(headerValueMatches(equal, 42)).toBe(true);
    for (const other of ['0x2A', '042', '+42', '43', '', ' 42']) expect(headerValueMatches(other, 42)).toBe(false);
  });

  // spec: streamable-http.mdx ("Header values (such as method names) are case-sensitive")
  it('compares strings exactly and booleans as lowercase words; nothing else matches', () => {
    expect(headerValueMatches('Us-West1', 'us-west1')).toBe(false);
    expect(headerValueMatches('us-west1', 'us-west1')).toBe(true);
    expect(headerValueMatches('true', true)).toBe(true);
    expect(headerValueMatches('True', true)).toBe(false);
    expect(headerValueMatches('{}', {})).toBe(false);
    expect(headerValueMatches('null', null)).toBe(false);
  });
});

it('is exported from the root and from ./2026-07-28 alike', () => {
  expect(modern.headerParamsFromSchema).toBe(headerParamsFromSchema);
  expect(modern.encodeHeaderValue).toBe(encodeHeaderValue);
  expect(modern.headerValueMatches).toBe(headerValueMatches);
});
