// spec: 2026-07-28/examples/ (the official per-type examples, vendor/spec/SOURCE.md) as test vectors:
// every example request is dispatched and its answer validated against the 2026-07-28 schema.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogue } from '@mcpkit/schema';
import { validatorFor } from '@mcpkit/schema/2026-07-28/lookup';
import { createServer, prompt, resource, tool } from '../src/index.js';
import { quiet, TestContext } from './helpers.js';

// The repository's vendored copy (packages/server/test → the repository root).
const EXAMPLES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../vendor/spec/2026-07-28/examples');
const read = (type: string) =>
  readdirSync(join(EXAMPLES, type))
    .filter((f) => f.endsWith('.json'))
    .map((file) => ({ file, value: JSON.parse(readFileSync(join(EXAMPLES, type, file), 'utf8')) }));
const example = (type: string, file: string) => read(type).find((e) => e.file === file)!.value;

function validate(type: string, value: unknown): void {
  const validator = validatorFor(type);
  expect(validator, type).toBeDefined();
  if (!validator!(value)) throw new Error(`${type} invalid: ${JSON.stringify(validator!.errors)}\n${JSON.stringify(value)}`);
}

// A server holding the fixtures the examples name.
const server = createServer({
  info: { name: 'ExampleServer', version: '1.0.0' },
  instructions: 'This server provides weather and resource utilities.',
  tools: [
    tool({
      name: 'get_weather',
      title: 'Weather Information Provider',
      inputSchema: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
      handler: ({ location }) => ({ content: [{ type: 'text', text: `Current weather in ${location}: 72°F` }], isError: false }),
    }),
    tool({
      name: 'build_simulation',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      handler: async ({ city }, ctx) => {
        await ctx.progress(50, 100, 'Reticulating splines...');
        return { content: [{ type: 'text', text: `Built ${city}` }] };
      },
    }),
    ...read('CallToolResult').map(({ file, value }) => tool({ name: file.replace('.json', ''), handler: () => ({ ...value, resultType: undefined }) })),
  ],
  prompts: [
    prompt({
      name: 'code_review',
      arguments: [{ name: 'code', required: true }, { name: 'language' }, { name: 'framework' }],
      complete: {
        language: (v) => ['python', 'pytorch', 'pyside'].filter((x) => x.startsWith(v)),
        framework: (v, { arguments: args }) => (args.language === 'python' ? ['flask', 'fastapi'] : []).filter((x) => x.startsWith(v)),
      },
      handler: ({ code }) => ({
        description: 'Code review prompt',
        messages: [{ role: 'user', content: { type: 'text', text: `Please review this Python code:\n${code}` } }],
      }),
    }),
  ],
  resources: [
    resource({ uri: 'file:///project/src/main.rs', name: 'main.rs', mimeType: 'text/x-rust', read: () => ({ contents: [{ text: 'fn main() {}' }] }) }),
    resource({ uri: 'file:///project/config.json', name: 'config', mimeType: 'application/json', read: () => ({ contents: [{ text: '{}' }] }) }),
  ],
  ...quiet,
});

const requestTypes = readdirSync(EXAMPLES).filter(
  (type) => /Request$/.test(type) && !['CreateMessageRequest', 'ElicitRequest', 'ListRootsRequest'].includes(type),
);

describe('official request examples', () => {
  it('covers every client request type that has an example', () => {
    expect(requestTypes.sort()).toEqual([
      'CallToolRequest',
      'CompleteRequest',
      'DiscoverRequest',
      'GetPromptRequest',
      'ListPromptsRequest',
      'ListResourceTemplatesRequest',
      'ListResourcesRequest',
      'ListToolsRequest',
      'ReadResourceRequest',
      'SubscriptionsListenRequest',
    ]);
  });

  for (const type of requestTypes) {
    for (const { file, value } of read(type)) {
      it(`${type}/${file} gets a valid ${catalogue[value.method as keyof typeof catalogue].result}`, async () => {
        const info = catalogue[value.method as keyof typeof catalogue];
        const context = new TestContext();
        const pending = server.dispatch(value, context);
        if (value.method === 'subscriptions/listen') {
          await context.waitFor(1);
          validate('SubscriptionsAcknowledgedNotification', context.notifications[0]);
          await server.toolsChanged();
          await context.waitFor(2);
          validate('ToolListChangedNotification', context.notifications[1]);
          await server.close();
        }
        const response = (await pending)!;
        expect(response).toHaveProperty('result');
        expect(response.id).toBe(value.id);
        validate(info.result!, (response as any).result);
        validate(`${info.result}Response`, response);
      });
    }
  }
});

describe('official params examples', () => {
  const call = (method: string, params: unknown, context = new TestContext()) =>
    server.dispatch({ jsonrpc: '2.0', id: 'x', method, params: params as Record<string, unknown> }, context);

  it('CallToolRequestParams: both examples are served; the progress token gets progress', async () => {
    for (const { value } of read('CallToolRequestParams')) {
      const context = new TestContext();
      const response = (await call('tools/call', value, context)) as any;
      validate('CallToolResult', response.result);
      for (const n of context.notifications) validate('ProgressNotification', n);
      if (value._meta.progressToken) expect(context.notifications[0]).toEqual(example('ProgressNotification', 'progress-message.json'));
    }
  });

  it('CompleteRequestParams: prompt argument completion, with and without context', async () => {
    const [withContext, plain] = ['prompt-argument-completion-with-context.json', 'prompt-argument-completion.json'].map((f) =>
      example('CompleteRequestParams', f),
    );
    expect(((await call('completion/complete', withContext)) as any).result.completion.values).toEqual(['flask']);
    expect(((await call('completion/complete', plain)) as any).result.completion.values).toEqual(['python', 'pytorch', 'pyside']);
  });

  it('GetPromptRequestParams: renders the code review', async () => {
    const response = (await call('prompts/get', example('GetPromptRequestParams', 'get-code-review-prompt.json'))) as any;
    validate('GetPromptResult', response.result);
  });

  it('PaginatedRequestParams: a cursor this server never issued is the official invalid-cursor error', async () => {
    const response = (await call('tools/list', example('PaginatedRequestParams', 'list-with-cursor.json'))) as any;
    expect(response.error).toEqual({ ...example('InvalidParamsError', 'invalid-cursor.json'), data: { cursor: 'eyJwYWdlIjogMn0=' } });
    validate('InvalidParamsError', response.error);
  });
});

describe('official results and errors', () => {
  it('passes each CallToolResult example through unchanged (plus serverInfo)', async () => {
    for (const { file, value } of read('CallToolResult')) {
      const response = (await call2(file.replace('.json', ''))) as any;
      const { _meta, ...rest } = response.result;
      expect(rest).toEqual(value);
      expect(_meta).toEqual({ 'io.modelcontextprotocol/serverInfo': { name: 'ExampleServer', version: '1.0.0' } });
    }
  });

  it('answers unknown tools and prompts exactly like the official InvalidParamsError examples', async () => {
    const unknownTool = (await server.dispatch({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { ...example('CallToolRequest', 'call-tool-request.json').params, name: 'invalid_tool_name' },
    })) as any;
    expect(unknownTool.error).toEqual(example('InvalidParamsError', 'unknown-tool.json'));
    const unknownPrompt = (await server.dispatch({
      jsonrpc: '2.0',
      id: 2,
      method: 'prompts/get',
      params: { ...example('GetPromptRequest', 'get-prompt-request.json').params, name: 'invalid_prompt_name' },
    })) as any;
    expect(unknownPrompt.error).toEqual(example('InvalidParamsError', 'unknown-prompt.json'));
  });

  it('answers a version error valid against UnsupportedProtocolVersionError', async () => {
    const request = example('DiscoverRequest', 'server-discover-request.json');
    request.params._meta['io.modelcontextprotocol/protocolVersion'] = '1900-01-01';
    const response = (await server.dispatch(request)) as any;
    validate('UnsupportedProtocolVersionError', response);
    expect(response.error.data.requested).toBe(example('UnsupportedProtocolVersionError', 'unsupported-version.json').error.data.requested);
  });
});

function call2(name: string) {
  const request = example('CallToolRequest', 'call-tool-request.json');
  return server.dispatch({ ...request, params: { ...request.params, name, arguments: {} } });
}
