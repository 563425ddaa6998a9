import { describe, expect, it } from 'vitest';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { createServer, ResponseError, tool } from '../src/index.js';
import { failure, quiet, result } from './helpers.js';

/** A tiny Standard Schema (as zod or valibot would provide): a `{ n: integer }` that doubles `n` on output. */
function doubledCount(withJsonSchema = true): StandardSchemaV1<{ n: number }, { n: number; doubled: number }> {
  const props: any = {
    version: 1,
    vendor: 'test',
    validate(value: unknown) {
      const n = (value as { n?: unknown })?.n;
      return Number.isInteger(n) ? { value: { n, doubled: (n as number) * 2 } } : { issues: [{ message: 'n must be an integer', path: ['n'] }] };
    },
  };
  if (withJsonSchema) {
    props.jsonSchema = {
      input: () => ({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }),
      output: () => ({ type: 'object' }),
    };
  }
  return { '~standard': props };
}

const add = tool({
  name: 'add',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
  outputSchema: { type: 'object', properties: { sum: { type: 'integer' } }, required: ['sum'] },
  handler: ({ a, b }) => ({ structuredContent: { sum: (a as number) + (b as number) } }),
});

describe('tools/call', () => {
  const server = createServer({
    info: { name: 't', version: '1' },
    tools: [
      add,
      tool({
        name: 'boom',
        handler: () => {
          throw new Error('database unreachable');
        },
      }),
      tool({
        name: 'refuse',
        handler: () => {
          throw new ResponseError(-32602, 'Refused on purpose', { why: 'test' });
        },
      }),
      tool({ name: 'std', inputSchema: doubledCount(), handler: (args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }] }) }),
      tool({ name: 'liar', outputSchema: { type: 'object', required: ['sum'] }, handler: () => ({ structuredContent: { total: 1 } }) }),
      tool({ name: 'bad-block', handler: () => ({ content: [{ type: 'text' } as never] }) }),
    ],
    mode: 'development',
    ...quiet,
  });

  // spec: 2026-07-28/pages/server/tools.mdx ("Error Handling": unknown tool is a protocol error, -32602)
  it('answers an unknown tool with -32602 "Unknown tool: <name>"', async () => {
    expect(await failure(server, 'tools/call', { name: 'invalid_tool_name' })).toEqual({ code: -32602, message: 'Unknown tool: invalid_tool_name' });
  });

  // spec: 2026-07-28/pages/server/tools.mdx ("Tool Execution Errors": input validation errors are isError results)
  it('reports arguments that fail the input schema as an isError result the model can read', async () => {
    const res = await result(server, 'tools/call', { name: 'add', arguments: { a: 1 } });
    expect(res.isError).toBe(true);
    expect(res.content[0].text).toMatch(/^Invalid arguments for tool add: .*'b'/);
    const wrongType = await result(server, 'tools/call', { name: 'add', arguments: { a: 1, b: 'two' } });
    expect(wrongType.content[0].text).toContain('/b');
  });

  it('treats missing arguments as an empty object', async () => {
    const res = await result(server, 'tools/call', { name: 'add' });
    expect(res.isError).toBe(true);
  });

  // spec: 2026-07-28/pages/server/tools.mdx ("Structured Content": also return the serialized JSON as text)
  it('returns structuredContent with its JSON as a text block when the tool gave no content', async () => {
    const res = await result(server, 'tools/call', { name: 'add', arguments: { a: 2, b: 3 } });
    expect(res).toMatchObject({ resultType: 'complete', structuredContent: { sum: 5 }, content: [{ type: 'text', text: '{"sum":5}' }] });
    expect(res.isError).toBeUndefined();
  });

  it('turns a thrown error into an isError result with its message and no stack', async () => {
    const res = await result(server, 'tools/call', { name: 'boom' });
    expect(res).toMatchObject({ isError: true, content: [{ type: 'text', text: 'database unreachable' }] });
    expect(JSON.stringify(res)).not.toMatch(/at .*\.ts|Error:/);
  });

  it('lets a handler answer with a protocol error by throwing ResponseError', async () => {
    expect(await failure(server, 'tools/call', { name: 'refuse' })).toEqual({ code: -32602, message: 'Refused on purpose', data: { why: 'test' } });
  });

  it('validates with a Standard Schema and hands the handler its output value', async () => {
    const ok = await result(server, 'tools/call', { name: 'std', arguments: { n: 4 } });
    expect(JSON.parse(ok.content[0].text)).toEqual({ n: 4, doubled: 8 });
    const bad = await result(server, 'tools/call', { name: 'std', arguments: { n: 'four' } });
    expect(bad).toMatchObject({ isError: true, content: [{ text: 'Invalid arguments for tool std: /n: n must be an integer' }] });
  });

  // spec: 2026-07-28/pages/server/tools.mdx ("Output Schema": servers MUST provide conforming structured results)
  it('catches structuredContent that breaks the outputSchema in development mode', async () => {
    const error = await failure(server, 'tools/call', { name: 'liar' });
    expect(error.code).toBe(-32603);
    expect(error.message).toMatch(/liar.*outputSchema.*sum/);
  });

  it('catches an invalid content block in development mode', async () => {
    const error = await failure(server, 'tools/call', { name: 'bad-block' });
    expect(error).toMatchObject({ code: -32603, message: expect.stringContaining('invalid CallToolResult') });
  });

  it('trusts its own output in production mode', async () => {
    const prod = createServer({
      info: { name: 'p', version: '1' },
      tools: [tool({ name: 'liar', outputSchema: { type: 'object', required: ['sum'] }, handler: () => ({ structuredContent: { total: 1 } }) })],
      mode: 'production',
      ...quiet,
    });
    expect((await result(prod, 'tools/call', { name: 'liar' })).structuredContent).toEqual({ total: 1 });
  });
});

describe('tools/list', () => {
  it('lists exactly the registered descriptors, in registration order', async () => {
    const server = createServer({
      info: { name: 't', version: '1' },
      tools: [
        tool({
          name: 'zeta',
          description: 'last letter',
          annotations: { readOnlyHint: true },
          icons: [{ src: 'https://example.com/z.png' }],
          handler: () => ({ content: [] }),
        }),
        add,
      ],
      ...quiet,
    });
    const res = await result(server, 'tools/list');
    expect(res.tools.map((t: any) => t.name)).toEqual(['zeta', 'add']);
    expect(res.tools[0]).toEqual({
      name: 'zeta',
      description: 'last letter',
      inputSchema: { type: 'object', additionalProperties: false },
      annotations: { readOnlyHint: true },
      icons: [{ src: 'https://example.com/z.png' }],
    });
    expect(res.tools[1].outputSchema).toEqual({ type: 'object', properties: { sum: { type: 'integer' } }, required: ['sum'] });
  });

  it('lists the JSON Schema a Standard Schema publishes', async () => {
    const server = createServer({
      info: { name: 't', version: '1' },
      tools: [tool({ name: 'std', inputSchema: doubledCount(), handler: () => ({ content: [] }) })],
      ...quiet,
    });
    expect((await result(server, 'tools/list')).tools[0].inputSchema).toEqual({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] });
  });
});

describe('tool registration', () => {
  const handler = () => ({ content: [] });
  // spec: 2026-07-28/pages/server/tools.mdx ("Tool Names")
  it.each(['', 'has space', 'a,b', 'x'.repeat(129)])('refuses the tool name %j', (name) => {
    expect(() => tool({ name, handler })).toThrow(/Tool name/);
  });

  it('refuses an input schema whose root is not an object', () => {
    expect(() => tool({ name: 'a', inputSchema: { type: 'string' }, handler })).toThrow(/type.*object/);
  });

  it('refuses an invalid JSON Schema, naming the tool', () => {
    expect(() => tool({ name: 'a', inputSchema: { type: 'object', properties: { x: { type: 'nope' } } }, handler })).toThrow(
      /Tool "a" inputSchema: invalid JSON Schema/,
    );
  });

  // spec: 2026-07-28/pages/basic/index.mdx ("$ref Resolution": never fetch network $refs; reject unresolved ones)
  it('refuses a network $ref instead of fetching it', () => {
    expect(() => tool({ name: 'a', inputSchema: { type: 'object', properties: { x: { $ref: 'https://example.com/schema.json' } } }, handler })).toThrow(
      /invalid JSON Schema/,
    );
  });

  // spec: 2026-07-28/pages/basic/index.mdx ("Schema Dialect": unsupported dialects get a clear error; draft-07 may be used)
  it('accepts draft-07 and refuses an unsupported dialect', () => {
    expect(() => tool({ name: 'a', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' }, handler })).not.toThrow();
    expect(() => tool({ name: 'a', inputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' }, handler })).toThrow(
      /unsupported JSON Schema dialect/,
    );
  });

  it('asks for inputJsonSchema when a Standard Schema cannot convert itself', () => {
    expect(() => tool({ name: 'a', inputSchema: doubledCount(false), handler })).toThrow(/inputJsonSchema/);
    expect(() => tool({ name: 'a', inputSchema: doubledCount(false), inputJsonSchema: { type: 'object' }, handler })).not.toThrow();
  });

  it('refuses a duplicate tool name in one server', () => {
    const a = tool({ name: 'dup', handler });
    expect(() => createServer({ info: { name: 't', version: '1' }, tools: [a, a], ...quiet })).toThrow(/registered twice/);
  });

  it('validates the descriptor against the Tool schema', () => {
    expect(() => tool({ name: 'a', icons: [{ nope: true } as never], handler })).toThrow(/not a valid Tool/);
  });
});
