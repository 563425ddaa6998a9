import { tool, type ToolDefinition } from '@mcpkit/server';
import { RED_PIXEL_PNG, toneWav } from './media.js';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

const noArguments = { type: 'object', additionalProperties: false } as const;

/** Tools that return each kind of content, report progress and log, fail, and mirror headers. */
export function contentTools(): ToolDefinition[] {
  return [
    tool({
      name: 'echo',
      title: 'Echo',
      description: 'Returns its text argument as one text block.',
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string', description: 'The text to echo' } },
        required: ['text'],
        additionalProperties: false,
      },
      handler: ({ text }) => ({ content: [{ type: 'text', text: text as string }] }),
    }),
    tool({
      name: 'add',
      description: 'Adds two integers; returns the sum as structured content.',
      inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
      outputSchema: { type: 'object', properties: { sum: { type: 'integer' } }, required: ['sum'] },
      handler: ({ a, b }) => ({ structuredContent: { sum: (a as number) + (b as number) } }),
    }),
    tool({
      name: 'test_simple_text',
      description: 'Returns a simple text block.',
      inputSchema: noArguments,
      handler: () => ({ content: [{ type: 'text', text: 'This is a simple text response for testing.' }] }),
    }),
    tool({
      name: 'test_image_content',
      description: 'Returns a 1x1 red PNG image.',
      inputSchema: noArguments,
      handler: () => ({ content: [{ type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' }] }),
    }),
    tool({
      name: 'test_audio_content',
      description: 'Returns a short WAV tone.',
      inputSchema: noArguments,
      handler: () => ({ content: [{ type: 'audio', data: toneWav(), mimeType: 'audio/wav' }] }),
    }),
    tool({
      name: 'test_embedded_resource',
      description: 'Returns an embedded text resource.',
      inputSchema: noArguments,
      handler: () => ({
        content: [{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }],
      }),
    }),
    tool({
      name: 'test_multiple_content_types',
      description: 'Returns text, an image and an embedded JSON resource.',
      inputSchema: noArguments,
      handler: () => ({
        content: [
          { type: 'text', text: 'Multiple content types test:' },
          { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' },
          {
            type: 'resource',
            resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: JSON.stringify({ test: 'data', value: 123 }) },
          },
        ],
      }),
    }),
    tool({
      name: 'test_error_handling',
      description: 'Always fails; the failure comes back as an isError result.',
      inputSchema: noArguments,
      handler: () => {
        throw new Error('This tool intentionally returns an error for testing');
      },
    }),
    tool({
      name: 'test_tool_with_progress',
      description: 'Reports progress 0, 50 and 100 (of 100) about 50 ms apart when the request carries a progressToken.',
      inputSchema: noArguments,
      handler: async (_args, ctx) => {
        await ctx.progress(0, 100);
        await sleep(50, ctx.signal);
        await ctx.progress(50, 100);
        await sleep(50, ctx.signal);
        await ctx.progress(100, 100);
        return { content: [{ type: 'text', text: 'Progress test completed' }] };
      },
    }),
    ...['test_tool_with_logging', 'test_logging_tool'].map((name) =>
      tool({
        name,
        description: 'Sends three info log messages about 50 ms apart (only to a request that set a logLevel).',
        inputSchema: noArguments,
        handler: async (_args, ctx) => {
          await ctx.log('info', 'Tool execution started');
          await sleep(50, ctx.signal);
          await ctx.log('info', 'Tool processing data');
          await sleep(50, ctx.signal);
          await ctx.log('info', 'Tool execution completed');
          return { content: [{ type: 'text', text: 'Logging test completed' }] };
        },
      }),
    ),
    tool({
      name: 'json_schema_2020_12_tool',
      description: 'Takes a contact described with JSON Schema 2020-12 features ($defs with $anchor, allOf/anyOf, if/then/else).',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: {
          address: { $anchor: 'addressDef', type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } },
        },
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
      },
      handler: (args) => ({ content: [{ type: 'text', text: `Contact accepted: ${JSON.stringify(args)}` }] }),
    }),
    tool({
      name: 'test_reconnection',
      description: 'Answers after 300 ms (the conformance suite polls it: a legacy server may close its SSE reply first, and the client resumes).',
      inputSchema: noArguments,
      handler: async (_args, ctx) => {
        await sleep(300, ctx.signal);
        return { content: [{ type: 'text', text: 'Reconnection test completed' }] };
      },
    }),
    tool({
      name: 'execute_sql',
      description: 'Pretends to run a query in a region; region and dry-run are mirrored into Mcp-Param-* headers on HTTP.',
      inputSchema: {
        type: 'object',
        properties: {
          region: { type: 'string', description: 'Where to run the query', 'x-mcp-header': 'Region' },
          dryRun: { type: 'boolean', 'x-mcp-header': 'Dry-Run' },
          query: { type: 'string' },
        },
        required: ['region', 'query'],
      },
      handler: ({ region, query, dryRun }) => ({
        content: [{ type: 'text', text: `${dryRun ? 'Would run' : 'Ran'} ${JSON.stringify(query)} in ${region}` }],
      }),
    }),
  ];
}
