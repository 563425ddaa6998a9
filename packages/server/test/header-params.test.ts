import { describe, expect, it } from 'vitest';
import { createServer, tool } from '../src/index.js';
import { quiet } from './helpers.js';

const handler = () => ({ content: [] });
const define = (inputSchema: Record<string, unknown>) => tool({ name: 'sql', inputSchema: { type: 'object', ...inputSchema }, handler });

// spec: 2026-07-28/pages/server/tools.mdx ("x-mcp-header") and
// 2026-07-28/pages/basic/transports/streamable-http.mdx ("Custom Headers from Tool Parameters")
describe('x-mcp-header', () => {
  it('exposes the header parameters of a tool, as the HTTP transport reads them', () => {
    const server = createServer({
      info: { name: 's', version: '1' },
      tools: [
        define({
          properties: {
            region: { type: 'string', 'x-mcp-header': 'Region' },
            limit: { type: 'integer', 'x-mcp-header': 'Limit' },
            options: { type: 'object', properties: { dry: { type: 'boolean', 'x-mcp-header': 'Dry-Run' } } },
            query: { type: 'string' },
          },
        }),
        tool({ name: 'plain', handler }),
      ],
      ...quiet,
    });
    expect(server.headerParams('sql')).toEqual([
      { header: 'Region', property: 'region', path: ['region'], type: 'string' },
      { header: 'Limit', property: 'limit', path: ['limit'], type: 'integer' },
      { header: 'Dry-Run', property: 'dry', path: ['options', 'dry'], type: 'boolean' },
    ]);
    expect(server.headerParams('plain')).toEqual([]);
    expect(server.headerParams('missing')).toBeUndefined();
  });

  it.each([
    ['an empty value', { a: { type: 'string', 'x-mcp-header': '' } }, /RFC 9110 token/],
    ['a space', { a: { type: 'string', 'x-mcp-header': 'My Header' } }, /RFC 9110 token/],
    ['a line break', { a: { type: 'string', 'x-mcp-header': 'A\r\nB' } }, /RFC 9110 token/],
    ['a non-string value', { a: { type: 'string', 'x-mcp-header': 7 } }, /RFC 9110 token/],
    ['a number property', { a: { type: 'number', 'x-mcp-header': 'A' } }, /"string", "integer" or "boolean"/],
    ['an object property', { a: { type: 'object', 'x-mcp-header': 'A' } }, /"string", "integer" or "boolean"/],
    ['a property without type', { a: { 'x-mcp-header': 'A' } }, /"string", "integer" or "boolean"/],
    ['a property of two types', { a: { type: ['string', 'integer'], 'x-mcp-header': 'A' } }, /"string", "integer" or "boolean"/],
    ['a name repeated in another case', { a: { type: 'string', 'x-mcp-header': 'Region' }, b: { type: 'string', 'x-mcp-header': 'REGION' } }, /ignoring case/],
  ])('refuses %s at registration', (_what, properties, reason) => {
    expect(() => define({ properties })).toThrow(reason);
  });

  it.each([
    ['inside items', { list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } } }],
    ['inside a composition keyword', { a: { anyOf: [{ type: 'string', 'x-mcp-header': 'A' }] } }],
  ])('refuses an annotation %s (not statically reachable)', (_where, properties) => {
    expect(() => define({ properties })).toThrow(/reachable/);
  });

  it('refuses an annotation in $defs or at the root', () => {
    expect(() => define({ $defs: { r: { type: 'string', 'x-mcp-header': 'R' } } })).toThrow(/reachable/);
    expect(() => define({ 'x-mcp-header': 'Root' })).toThrow(/reachable/);
  });

  it('accepts a nullable primitive (a null value just sends no header)', () => {
    expect(define({ properties: { a: { type: ['string', 'null'], 'x-mcp-header': 'A' } } }).headerParams).toEqual([
      { header: 'A', property: 'a', path: ['a'], type: 'string' },
    ]);
  });

  it('ignores the keyword where it is data, not schema', () => {
    const def = define({ properties: { a: { type: 'object', default: { 'x-mcp-header': 'not-a-schema' } }, 'x-mcp-header': { type: 'string' } } });
    expect(def.headerParams).toEqual([]);
  });
});
