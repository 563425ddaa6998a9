import { ResponseError } from '@mcpkit/jsonrpc';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeHeaderValue, headerParamsFromSchema } from '@mcpkit/schema';
import { OutputSchemaError, type ModernClient } from '../src/index.js';
import { cacheable, connect, FakeServer, text } from './helpers/fake-server.js';

let client: ModernClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

const schemaWith = (properties: Record<string, unknown>) => ({ type: 'object', properties });

describe('x-mcp-header', () => {
  // spec: 2026-07-28/pages/basic/transports/streamable-http.mdx ("Value Encoding" examples)
  it('encodes values as the spec’s examples show', () => {
    expect(encodeHeaderValue('us-west1')).toBe('us-west1');
    expect(encodeHeaderValue('Hello, 世界')).toBe('=?base64?SGVsbG8sIOS4lueVjA==?=');
    expect(encodeHeaderValue(' padded ')).toBe('=?base64?IHBhZGRlZCA=?=');
    expect(encodeHeaderValue('line1\nline2')).toBe('=?base64?bGluZTEKbGluZTI=?=');
    expect(encodeHeaderValue('=?base64?literal?=')).toBe('=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=');
    expect(encodeHeaderValue(42)).toBe('42');
    expect(encodeHeaderValue(-7)).toBe('-7');
    expect(encodeHeaderValue(false)).toBe('false');
  });

  // spec: streamable-http.mdx ("control characters" need Base64): the shared rule of @mcpkit/schema, which the
  // official conformance suite also applies to a tab; the client used to send a tab plain.
  it('encodes a tab and the empty string with Base64, like the HTTP transport', () => {
    expect(encodeHeaderValue('a\tb')).toBe('=?base64?YQli?=');
    expect(encodeHeaderValue('')).toBe('=?base64??=');
  });

  // spec: 2026-07-28/pages/server/tools.mdx ("Constraints on x-mcp-header values")
  it.each([
    ['an empty name', { r: { type: 'string', 'x-mcp-header': '' } }, /not a non-empty RFC 9110 token/],
    ['a name with a space', { r: { type: 'string', 'x-mcp-header': 'My Region' } }, /not a non-empty RFC 9110 token/],
    ['a number property', { r: { type: 'number', 'x-mcp-header': 'R' } }, /only "string", "integer" or "boolean"/],
    [
      'a duplicate ignoring case',
      { a: { type: 'string', 'x-mcp-header': 'Region' }, b: { type: 'string', 'x-mcp-header': 'REGION' } },
      /"REGION" repeats "Region"/,
    ],
    ['a property under items', { list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'R' } } }, /reachable through "properties" alone/],
    ['a property under anyOf', { v: { anyOf: [{ type: 'string', 'x-mcp-header': 'R' }] } }, /reachable through "properties" alone/],
  ])('rejects %s', (_what, properties, reason) => {
    const found = headerParamsFromSchema(schemaWith(properties));
    expect(found.ok).toBe(false);
    expect(found.ok ? '' : found.reason).toMatch(reason);
  });

  it('accepts nested properties reachable through properties only', () => {
    const found = headerParamsFromSchema(schemaWith({ where: { type: 'object', properties: { zone: { type: 'integer', 'x-mcp-header': 'Zone' } } } }));
    expect(found.ok && found.params.map(({ header, path }) => ({ header, path }))).toEqual([{ header: 'Zone', path: ['where', 'zone'] }]);
  });

  // spec: 2026-07-28/pages/server/tools.mdx ("the client MUST exclude the invalid tool from the result of tools/list" and SHOULD warn)
  it('drops tools with invalid annotations from tools/list on HTTP, with a warning naming the tool', async () => {
    const tools = [
      { name: 'good', inputSchema: schemaWith({ region: { type: 'string', 'x-mcp-header': 'Region' } }) },
      { name: 'bad', inputSchema: schemaWith({ n: { type: 'number', 'x-mcp-header': 'N' } }) },
      { name: 'plain', inputSchema: { type: 'object' } },
    ];
    const server = new FakeServer({ 'tools/list': () => cacheable({ tools }, 60_000) });
    let warnings: string[];
    ({ client, warnings } = connect(server, { kind: 'exchange' }));
    const page = await client.listTools();
    expect(page.tools.map((t) => t.name)).toEqual(['good', 'plain']);
    expect(warnings).toEqual([expect.stringMatching(/^Tool "bad" was left out of tools\/list: .*number/)]);
    const cached = await client.listTools();
    expect(cached.tools.map((t) => t.name)).toEqual(['good', 'plain']);
    expect(server.received('tools/list')).toHaveLength(1);
  });

  it('keeps every tool on stdio, where the annotations do not apply', async () => {
    const tools = [{ name: 'bad', inputSchema: schemaWith({ n: { type: 'number', 'x-mcp-header': 'N' } }) }];
    const server = new FakeServer({ 'tools/list': () => cacheable({ tools }) });
    ({ client } = connect(server, { kind: 'stream' }));
    expect((await client.listTools()).tools).toHaveLength(1);
  });

  // spec: 2026-07-28/pages/basic/transports/streamable-http.mdx ("Client Behavior")
  it('mirrors annotated arguments of listed tools into Mcp-Param headers, omitting absent values', async () => {
    const tools = [
      {
        name: 'sql',
        inputSchema: schemaWith({
          region: { type: 'string', 'x-mcp-header': 'Region' },
          shard: { type: 'integer', 'x-mcp-header': 'Shard' },
          dry: { type: 'boolean', 'x-mcp-header': 'Dry' },
          query: { type: 'string' },
        }),
      },
    ];
    const server = new FakeServer({ 'tools/list': () => cacheable({ tools }), 'tools/call': () => text('ok') });
    let transport;
    ({ client, transport } = connect(server, { kind: 'exchange' }));
    await client.listTools();
    await client.callTool({ name: 'sql', arguments: { region: 'Zürich', shard: 3, query: 'select 1' } });
    const call = server.received('tools/call')[0]!;
    expect(transport.headers.get(call.id)).toEqual({ 'Mcp-Param-Region': '=?base64?WsO8cmljaA==?=', 'Mcp-Param-Shard': '3' });
  });

  // spec: streamable-http.mdx ("Parameter value is null: Client MUST omit the header"); the client used to drop such
  // tools while the server and the HTTP transport accepted them.
  it('keeps a tool whose annotated property is nullable, and omits the header for a null value', async () => {
    const tools = [{ name: 'geo', inputSchema: schemaWith({ region: { type: ['string', 'null'], 'x-mcp-header': 'Region' } }) }];
    const server = new FakeServer({ 'tools/list': () => cacheable({ tools }), 'tools/call': () => text('ok') });
    let transport;
    let warnings: string[];
    ({ client, transport, warnings } = connect(server, { kind: 'exchange' }));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['geo']);
    await client.callTool({ name: 'geo', arguments: { region: null } });
    await client.callTool({ name: 'geo', arguments: { region: 'eu' } });
    const [nullCall, euCall] = server.received('tools/call');
    expect(transport.headers.get(nullCall!.id)).toBeUndefined();
    expect(transport.headers.get(euCall!.id)).toEqual({ 'Mcp-Param-Region': 'eu' });
    expect(warnings).toEqual([]);
  });

  it('refuses, before sending, an annotated argument no header can carry', async () => {
    const tools = [{ name: 'page', inputSchema: schemaWith({ n: { type: 'integer', 'x-mcp-header': 'N' } }) }];
    const server = new FakeServer({ 'tools/list': () => cacheable({ tools }), 'tools/call': () => text('ok') });
    ({ client } = connect(server, { kind: 'exchange' }));
    await client.listTools();
    await expect(client.callTool({ name: 'page', arguments: { n: 2.5 } })).rejects.toThrow(
      /argument "n" \(Mcp-Param-N\) is 2.5: a header carries only JS-safe integers/,
    );
    expect(server.received('tools/call')).toHaveLength(0);
    await expect(client.callTool({ name: 'page', arguments: { n: 3 } })).resolves.toMatchObject({ content: [{ text: 'ok' }] });
  });

  it('after a HeaderMismatch, lists the tools again and retries with the headers', async () => {
    const tools = [{ name: 'geo', inputSchema: schemaWith({ region: { type: 'string', 'x-mcp-header': 'Region' } }) }];
    const server = new FakeServer({ 'tools/list': () => cacheable({ tools }) });
    let transport;
    ({ client, transport } = connect(server, { kind: 'exchange' }));
    server.on('tools/call', (_params, _ctx, request) => {
      if (transport.headers.get(request.id)?.['Mcp-Param-Region'] !== 'eu') throw new ResponseError(-32020, 'Mcp-Param-Region is missing');
      return text('routed');
    });
    await expect(client.callTool({ name: 'geo', arguments: { region: 'eu' } })).resolves.toMatchObject({ content: [{ text: 'routed' }] });
    expect(server.requests.map((r) => r.method)).toEqual(['tools/call', 'tools/list', 'tools/call']);
  });
});

describe('structuredContent and outputSchema', () => {
  // spec: 2026-07-28/pages/server/tools.mdx ("Output Schema": clients SHOULD validate structured results)
  const outputSchema = { type: 'object', properties: { celsius: { type: 'number' } }, required: ['celsius'] };
  function weather(structured: unknown, extra: Record<string, unknown> = {}) {
    return new FakeServer({
      'tools/list': () => cacheable({ tools: [{ name: 'weather', inputSchema: { type: 'object' }, outputSchema, ...extra }] }),
      'tools/call': () => ({ resultType: 'complete', content: [], structuredContent: structured }),
    });
  }

  it('returns conforming structured content', async () => {
    ({ client } = connect(weather({ celsius: 21.5 })));
    await client.listTools();
    await expect(client.callTool({ name: 'weather' })).resolves.toMatchObject({ structuredContent: { celsius: 21.5 } });
  });

  it('rejects structured content that does not match, keeping the result on the error', async () => {
    ({ client } = connect(weather({ celsius: 'warm' })));
    await client.listTools();
    const error = await client.callTool({ name: 'weather' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutputSchemaError);
    expect((error as OutputSchemaError).message).toMatch(/tool "weather": structuredContent does not match the outputSchema: \/celsius: must be number/);
    expect((error as OutputSchemaError).result).toMatchObject({ structuredContent: { celsius: 'warm' } });
  });

  it('rejects a result without structured content when the tool declares an outputSchema', async () => {
    ({ client } = connect(weather(undefined)));
    await client.listTools();
    await expect(client.callTool({ name: 'weather' })).rejects.toThrow(/declares an outputSchema but the result has no structuredContent/);
  });

  it('does not check error results', async () => {
    const server = weather(undefined);
    server.on('tools/call', () => ({ resultType: 'complete', content: [{ type: 'text', text: 'boom' }], isError: true }));
    ({ client } = connect(server));
    await client.listTools();
    await expect(client.callTool({ name: 'weather' })).resolves.toMatchObject({ isError: true });
  });

  // spec: 2026-07-28/pages/basic/index.mdx ("$ref Resolution": never dereference a network $ref; reject an unresolved one)
  it('refuses an outputSchema with a network $ref instead of passing anything', async () => {
    const server = new FakeServer({
      'tools/list': () =>
        cacheable({ tools: [{ name: 'remote', inputSchema: { type: 'object' }, outputSchema: { $ref: 'https://example.com/schema.json' } }] }),
      'tools/call': () => ({ resultType: 'complete', content: [], structuredContent: { any: 1 } }),
    });
    ({ client } = connect(server));
    await client.listTools();
    await expect(client.callTool({ name: 'remote' })).rejects.toThrow(/tool "remote": outputSchema cannot be used: .*example\.com/);
  });

  // spec: 2026-07-28/pages/basic/index.mdx ("handle unsupported dialects gracefully by returning an appropriate error")
  it('names an unsupported dialect and accepts draft-07', async () => {
    const server = new FakeServer({
      'tools/list': () =>
        cacheable({
          tools: [
            { name: 'old', inputSchema: { type: 'object' }, outputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' } },
            { name: 'seven', inputSchema: { type: 'object' }, outputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'array' } },
          ],
        }),
      'tools/call': (params) => ({ resultType: 'complete', content: [], structuredContent: params.name === 'seven' ? [1, 2] : {} }),
    });
    ({ client } = connect(server));
    await client.listTools();
    await expect(client.callTool({ name: 'old' })).rejects.toThrow(/unsupported dialect "http:\/\/json-schema.org\/draft-04\/schema"/);
    await expect(client.callTool({ name: 'seven' })).resolves.toMatchObject({ structuredContent: [1, 2] });
  });

  it('checks only tools it has listed (it never fetches a schema behind the caller’s back)', async () => {
    ({ client } = connect(weather({ celsius: 'warm' })));
    await expect(client.callTool({ name: 'weather' })).resolves.toMatchObject({ structuredContent: { celsius: 'warm' } });
    await client.listTools();
    await expect(client.callTool({ name: 'weather' })).rejects.toBeInstanceOf(OutputSchemaError);
  });
});
