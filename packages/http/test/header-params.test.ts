// spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Schema Extension, Server Validation)
// The rules are @mcpkit/schema's (its test suite pins each one); here: that the server registers
// exactly what the transport reads.
import { headerParamsFromSchema } from '@mcpkit/schema';
import { describe, expect, it } from 'vitest';
import { tool } from '@mcpkit/server';

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });

describe('x-mcp-header on the transport', () => {
  it('agrees with @mcpkit/server on which schemas are valid, and on what they declare', () => {
    const schemas: Record<string, unknown>[] = [
      object({ region: { type: 'string', 'x-mcp-header': 'Region' }, n: { type: 'integer', 'x-mcp-header': 'N' } }),
      object({ t: { type: 'object', properties: { id: { type: ['string', 'null'], 'x-mcp-header': 'Tenant' } } } }),
      object({ a: { type: 'number', 'x-mcp-header': 'A' } }),
      object({ a: { type: 'string', 'x-mcp-header': 'A' }, b: { type: 'boolean', 'x-mcp-header': 'a' } }),
      object({ l: { type: 'array', items: object({ a: { type: 'string', 'x-mcp-header': 'A' } }) } }),
      object({}, { oneOf: [object({ a: { type: 'string', 'x-mcp-header': 'A' } })] }),
      object({ a: { type: 'string', 'x-mcp-header': 'Not a token' } }),
      object({ a: { type: 'string', default: { 'x-mcp-header': 'A' } } }),
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
