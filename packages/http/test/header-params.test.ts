// spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Schema Extension, Server Validation)
import { describe, expect, it } from 'vitest';
import { tool } from '@mcpkit/server';
import { headerParamsFromSchema, headerValueMatches, mcpParamHeaders } from '../src/index.js';

const schema = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });

describe('headerParamsFromSchema', () => {
  it('reads annotated properties, nested ones through properties included', () => {
    const result = headerParamsFromSchema(
      schema({
        region: { type: 'string', 'x-mcp-header': 'Region' },
        query: { type: 'string' },
        tenant: { type: 'object', properties: { id: { type: 'integer', 'x-mcp-header': 'Tenant-Id' } } },
        dry: { type: ['boolean', 'null'], 'x-mcp-header': 'Dry' },
      }),
    );
    expect(result).toEqual({
      ok: true,
      params: [
        { header: 'Region', property: 'region', path: ['region'], type: 'string' },
        { header: 'Tenant-Id', property: 'id', path: ['tenant', 'id'], type: 'integer' },
        { header: 'Dry', property: 'dry', path: ['dry'], type: 'boolean' },
      ],
    });
  });

  it('treats a property named "x-mcp-header" and values inside default/const as data, not annotations', () => {
    const result = headerParamsFromSchema(schema({ 'x-mcp-header': { type: 'string', default: { 'x-mcp-header': 'X' } } }));
    expect(result).toEqual({ ok: true, params: [] });
  });

  it.each([
    ['an empty name', schema({ a: { type: 'string', 'x-mcp-header': '' } })],
    ['a name that is not a token', schema({ a: { type: 'string', 'x-mcp-header': 'Bad Name' } })],
    ['a CR/LF in the name', schema({ a: { type: 'string', 'x-mcp-header': 'A\r\nB' } })],
    ['a number property', schema({ a: { type: 'number', 'x-mcp-header': 'A' } })],
    ['an object property', schema({ a: { type: 'object', 'x-mcp-header': 'A' } })],
    ['a property without type', schema({ a: { 'x-mcp-header': 'A' } })],
    ['duplicate names ignoring case', schema({ a: { type: 'string', 'x-mcp-header': 'Zone' }, b: { type: 'string', 'x-mcp-header': 'zone' } })],
    ['a path through items', schema({ list: { type: 'array', items: { type: 'object', properties: { a: { type: 'string', 'x-mcp-header': 'A' } } } } })],
    ['a path through anyOf', schema({}, { anyOf: [schema({ a: { type: 'string', 'x-mcp-header': 'A' } })] })],
    ['a path through if/then', schema({}, { if: {}, then: schema({ a: { type: 'string', 'x-mcp-header': 'A' } }) })],
    ['an annotation in $defs (reachable only by $ref)', schema({ a: { $ref: '#/$defs/A' } }, { $defs: { A: { type: 'string', 'x-mcp-header': 'A' } } })],
    ['an annotation on the root', { type: 'string', 'x-mcp-header': 'Root' }],
    ['an annotation under an unknown keyword', schema({}, { 'x-extra': { a: { type: 'string', 'x-mcp-header': 'A' } } })],
  ])('rejects a schema with %s (the client drops that tool)', (_label, input) => {
    const result = headerParamsFromSchema(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason.length).toBeGreaterThan(10);
  });

  it('agrees with @mcpkit/server on which schemas are valid, and on what they declare', () => {
    const schemas: Record<string, unknown>[] = [
      schema({ region: { type: 'string', 'x-mcp-header': 'Region' }, n: { type: 'integer', 'x-mcp-header': 'N' } }),
      schema({ t: { type: 'object', properties: { id: { type: ['string', 'null'], 'x-mcp-header': 'Tenant' } } } }),
      schema({ a: { type: 'number', 'x-mcp-header': 'A' } }),
      schema({ a: { type: 'string', 'x-mcp-header': 'A' }, b: { type: 'boolean', 'x-mcp-header': 'a' } }),
      schema({ l: { type: 'array', items: schema({ a: { type: 'string', 'x-mcp-header': 'A' } }) } }),
      schema({}, { oneOf: [schema({ a: { type: 'string', 'x-mcp-header': 'A' } })] }),
      schema({ a: { type: 'string', 'x-mcp-header': 'Not a token' } }),
      schema({ a: { type: 'string', default: { 'x-mcp-header': 'A' } } }),
    ];
    for (const inputSchema of schemas) {
      const ours = headerParamsFromSchema(inputSchema);
      let theirs: readonly unknown[] | undefined;
      try {
        theirs = tool({ name: 't', inputSchema, handler: () => ({ content: [] }) }).headerParams;
      } catch {
        theirs = undefined;
      }
      expect(ours.ok ? ours.params : undefined).toEqual(theirs);
    }
  });
});

describe('mcpParamHeaders', () => {
  const params = [
    { header: 'Region', property: 'region', type: 'string' as const },
    { header: 'Limit', property: 'limit', type: 'integer' as const },
    { header: 'Tenant', property: 'id', path: ['tenant', 'id'], type: 'string' as const },
  ];

  it('encodes present values and omits absent and null ones', () => {
    expect(mcpParamHeaders(params, { region: 'Zürich', limit: 10, tenant: { id: null } })).toEqual({
      'Mcp-Param-Region': '=?base64?WsO8cmljaA==?=',
      'Mcp-Param-Limit': '10',
    });
    expect(mcpParamHeaders(params, undefined)).toEqual({});
  });

  it('refuses values a header cannot carry', () => {
    expect(() => mcpParamHeaders(params, { region: { nested: true } })).toThrow(TypeError);
    expect(() => mcpParamHeaders(params, { limit: 2.5 })).toThrow(RangeError);
  });
});

describe('headerValueMatches', () => {
  it('compares integers by value (42 equals 42.0) but not hex or padded forms', () => {
    expect(headerValueMatches('42', 42)).toBe(true);
    expect(headerValueMatches('42.0', 42)).toBe(true);
    expect(headerValueMatches('4.2e1', 42)).toBe(true);
    expect(headerValueMatches('0x2A', 42)).toBe(false);
    expect(headerValueMatches('042', 42)).toBe(false);
    expect(headerValueMatches('43', 42)).toBe(false);
  });

  it('compares strings exactly and booleans as lowercase words', () => {
    expect(headerValueMatches('Us-West1', 'us-west1')).toBe(false);
    expect(headerValueMatches('true', true)).toBe(true);
    expect(headerValueMatches('True', true)).toBe(false);
    expect(headerValueMatches('{}', {})).toBe(false);
  });
});
