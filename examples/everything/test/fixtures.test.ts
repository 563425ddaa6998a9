// The fixtures the official conformance suite expects of a server under test, checked in-process.
import { describe, expect, it } from 'vitest';
import { validatorFor } from '@mcpkit/schema/2026-07-28/lookup';
import { createEverythingServer } from '../src/index.js';
import { call, meta, ok, recorder } from './helpers.js';

const server = createEverythingServer({ onWarning: () => {}, state: { keys: `t:${Buffer.alloc(32, 9).toString('base64url')}` } });
const valid = (type: string, value: unknown) => {
  const validate = validatorFor(type)!;
  expect(validate(value), `${type}: ${JSON.stringify(validate.errors)}`).toBe(true);
};
const accept = (content: Record<string, unknown>) => ({ action: 'accept', content });

describe('listing', () => {
  it('lists tools, prompts and resources with names and descriptions, in a stable order', async () => {
    const first = await ok(server, 'tools/list');
    for (const t of first.tools) {
      expect(t.name).toMatch(/^[A-Za-z0-9_.-]{1,128}$/);
      expect(t.description, t.name).toBeTruthy();
      expect(t.inputSchema.type).toBe('object');
    }
    expect((await ok(server, 'tools/list')).tools).toEqual(first.tools);
    expect(first.tools.map((t: any) => t.name)).toContain('echo');
    for (const p of (await ok(server, 'prompts/list')).prompts) expect(p.description, p.name).toBeTruthy();
    for (const r of (await ok(server, 'resources/list')).resources) expect(r.description, r.uri).toBeTruthy();
  });

  it('keeps the JSON Schema 2020-12 keywords of json_schema_2020_12_tool', async () => {
    const schema = (await ok(server, 'tools/list')).tools.find((t: any) => t.name === 'json_schema_2020_12_tool').inputSchema;
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: { address: { $anchor: 'addressDef' } },
      additionalProperties: false,
    });
    expect(Object.keys(schema)).toEqual(expect.arrayContaining(['allOf', 'if', 'then', 'else']));
  });

  it('carries caching hints on every cacheable result', async () => {
    for (const method of ['server/discover', 'tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']) {
      const res = await ok(server, method);
      expect(Number.isInteger(res.ttlMs) && res.ttlMs >= 0, method).toBe(true);
      expect(['public', 'private']).toContain(res.cacheScope);
    }
  });
});

describe('tools', () => {
  it('echo returns one text block with the text', async () => {
    const res = await ok(server, 'tools/call', { name: 'echo', arguments: { text: 'hello there' } });
    expect(res.content).toEqual([{ type: 'text', text: 'hello there' }]);
  });

  it.each([
    ['test_simple_text', 'text'],
    ['test_image_content', 'image'],
    ['test_audio_content', 'audio'],
    ['test_embedded_resource', 'resource'],
  ])('%s returns %s content valid against CallToolResult', async (name, type) => {
    const res = await ok(server, 'tools/call', { name, arguments: {} });
    expect(res.content[0].type).toBe(type);
    valid('CallToolResult', res);
  });

  it('returns real media: a PNG and a RIFF/WAVE file', async () => {
    const image = (await ok(server, 'tools/call', { name: 'test_image_content' })).content[0];
    expect(Buffer.from(image.data, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const audio = (await ok(server, 'tools/call', { name: 'test_audio_content' })).content[0];
    const wav = Buffer.from(audio.data, 'base64');
    expect([wav.subarray(0, 4).toString(), wav.subarray(8, 12).toString()]).toEqual(['RIFF', 'WAVE']);
  });

  it('test_multiple_content_types mixes text, image and an embedded JSON resource', async () => {
    const res = await ok(server, 'tools/call', { name: 'test_multiple_content_types' });
    expect(res.content.map((c: any) => c.type)).toEqual(['text', 'image', 'resource']);
    expect(JSON.parse(res.content[2].resource.text)).toEqual({ test: 'data', value: 123 });
  });

  it('test_error_handling reports its failure as an isError result', async () => {
    expect(await ok(server, 'tools/call', { name: 'test_error_handling' })).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
    });
  });

  it('test_tool_with_progress reports 0, 50, 100 of 100 for a request with a progress token', async () => {
    const context = recorder();
    await ok(server, 'tools/call', { name: 'test_tool_with_progress' }, { context, meta: meta({}, { progressToken: 'tok' }) });
    expect(context.notifications.map((n) => n.params)).toEqual([0, 50, 100].map((progress) => ({ progressToken: 'tok', progress, total: 100 })));
  });

  it('test_tool_with_logging logs three info messages only when asked to', async () => {
    const asked = recorder();
    await ok(server, 'tools/call', { name: 'test_tool_with_logging' }, { context: asked, meta: meta({}, { 'io.modelcontextprotocol/logLevel': 'info' }) });
    expect(asked.notifications.map((n) => (n.params as any).data)).toEqual(['Tool execution started', 'Tool processing data', 'Tool execution completed']);
    const silent = recorder();
    await ok(server, 'tools/call', { name: 'test_logging_tool' }, { context: silent });
    expect(silent.notifications).toEqual([]);
  });

  it('test_missing_capability needs sampling: -32021 naming it, as an object', async () => {
    const response = await call(server, 'tools/call', { name: 'test_missing_capability', arguments: {} });
    expect(response).toMatchObject({ error: { code: -32021, data: { requiredCapabilities: { sampling: {} } } } });
  });

  it('execute_sql declares its header parameters', () => {
    expect(server.headerParams('execute_sql')?.map((p) => p.header)).toEqual(['Region', 'Dry-Run']);
  });
});

describe('input required (MRTR)', () => {
  const all = { elicitation: {}, sampling: {}, roots: {} };

  it('test_input_required_result_elicitation asks, then greets', async () => {
    const first = await ok(server, 'tools/call', { name: 'test_input_required_result_elicitation', arguments: {} }, { capabilities: all });
    valid('InputRequiredResult', first);
    expect(first.inputRequests.user_name.method).toBe('elicitation/create');
    const done = await ok(
      server,
      'tools/call',
      { name: 'test_input_required_result_elicitation', arguments: {}, inputResponses: { user_name: accept({ name: 'Alice' }), extra: { action: 'cancel' } } },
      { capabilities: all },
    );
    expect(done.content[0].text).toBe('Hello, Alice!');
  });

  it('test_input_required_result_multi_round evolves its state over three rounds', async () => {
    const args = { name: 'test_input_required_result_multi_round', arguments: {} };
    const r1 = await ok(server, 'tools/call', args, { capabilities: all });
    const r2 = await ok(
      server,
      'tools/call',
      { ...args, inputResponses: { step1: accept({ name: 'Ann' }) }, requestState: r1.requestState },
      { capabilities: all },
    );
    expect(Object.keys(r2.inputRequests)).toEqual(['step2']);
    const r3 = await ok(
      server,
      'tools/call',
      { ...args, inputResponses: { step2: accept({ color: 'blue' }) }, requestState: r2.requestState },
      { capabilities: all },
    );
    expect(r3.content[0].text).toBe("Ann's favorite color is blue");
  });

  it('test_input_required_result_request_state says state-ok after verifying its state', async () => {
    const args = { name: 'test_input_required_result_request_state', arguments: {} };
    const r1 = await ok(server, 'tools/call', args, { capabilities: all });
    const r2 = await ok(
      server,
      'tools/call',
      { ...args, inputResponses: { confirm: accept({ ok: true }) }, requestState: r1.requestState },
      { capabilities: all },
    );
    expect(r2.content[0].text).toContain('state-ok');
  });

  it('test_input_required_result_tampered_state refuses an altered state with -32602', async () => {
    const args = { name: 'test_input_required_result_tampered_state', arguments: {} };
    const r1 = await ok(server, 'tools/call', args, { capabilities: all });
    const tampered = `${r1.requestState.slice(0, -4)}AAAA`;
    expect(
      await call(server, 'tools/call', { ...args, inputResponses: { confirm: accept({ name: 'x' }) }, requestState: tampered }, { capabilities: all }),
    ).toMatchObject({ error: { code: -32602 } });
  });

  it('test_input_required_result_multiple_inputs asks for all three kinds at once', async () => {
    const args = { name: 'test_input_required_result_multiple_inputs', arguments: {} };
    const r1 = await ok(server, 'tools/call', args, { capabilities: all });
    expect(
      Object.values(r1.inputRequests)
        .map((r: any) => r.method)
        .sort(),
    ).toEqual(['elicitation/create', 'roots/list', 'sampling/createMessage']);
    const r2 = await ok(
      server,
      'tools/call',
      {
        ...args,
        requestState: r1.requestState,
        inputResponses: {
          user_name: accept({ name: 'Zed' }),
          greeting: { role: 'assistant', content: { type: 'text', text: 'Hi!' }, model: 'm' },
          client_roots: { roots: [{ uri: 'file:///test/root' }] },
        },
      },
      { capabilities: all },
    );
    expect(r2.content[0].text).toBe('All inputs received: Zed, 1 root(s)');
  });

  it('test_input_required_result_capabilities asks only for what this request declared', async () => {
    const r = await ok(server, 'tools/call', { name: 'test_input_required_result_capabilities', arguments: {} }, { capabilities: { sampling: {} } });
    expect(Object.values(r.inputRequests).map((x: any) => x.method)).toEqual(['sampling/createMessage']);
  });

  it('test_elicitation_sep1330_enums asks for the five enum field kinds under the names the suite reads', async () => {
    const r = await ok(server, 'tools/call', { name: 'test_elicitation_sep1330_enums', arguments: {} }, { capabilities: all });
    const properties = r.inputRequests.choices.params.requestedSchema.properties;
    expect(Object.keys(properties)).toEqual(['untitledSingle', 'titledSingle', 'legacyEnum', 'untitledMulti', 'titledMulti']);
    expect(properties.legacyEnum.enumNames).toHaveLength(properties.legacyEnum.enum.length);
  });

  it('test_input_required_result_prompt works on prompts/get', async () => {
    const first = await ok(server, 'prompts/get', { name: 'test_input_required_result_prompt' }, { capabilities: all });
    expect(first.resultType).toBe('input_required');
    const done = await ok(
      server,
      'prompts/get',
      { name: 'test_input_required_result_prompt', inputResponses: { user_context: accept({ context: 'tests' }) } },
      { capabilities: all },
    );
    valid('GetPromptResult', done);
  });
});

describe('prompts, resources and completion', () => {
  it('renders test_prompt_with_arguments', async () => {
    const res = await ok(server, 'prompts/get', { name: 'test_prompt_with_arguments', arguments: { arg1: 'hello', arg2: 'world' } });
    expect(res.messages[0].content.text).toBe("Prompt with arguments: arg1='hello', arg2='world'");
  });

  it('embeds the requested resource in test_prompt_with_embedded_resource', async () => {
    const res = await ok(server, 'prompts/get', { name: 'test_prompt_with_embedded_resource', arguments: { resourceUri: 'test://example-resource' } });
    expect(res.messages[0].content.resource.uri).toBe('test://example-resource');
  });

  it('reads text, binary and templated resources', async () => {
    expect((await ok(server, 'resources/read', { uri: 'test://static-text' })).contents[0]).toEqual({
      uri: 'test://static-text',
      mimeType: 'text/plain',
      text: 'This is the content of the static text resource.',
    });
    expect((await ok(server, 'resources/read', { uri: 'test://static-binary' })).contents[0]).toMatchObject({
      mimeType: 'image/png',
      blob: expect.any(String),
    });
    const templated = await ok(server, 'resources/read', { uri: 'test://template/123/data' });
    expect(JSON.parse(templated.contents[0].text)).toEqual({ id: '123', templateTest: true, data: 'Data for ID: 123' });
  });

  it('answers a missing resource with -32602 and its uri', async () => {
    expect(await call(server, 'resources/read', { uri: 'test://nonexistent-resource-for-conformance-testing' })).toMatchObject({
      error: { code: -32602, data: { uri: 'test://nonexistent-resource-for-conformance-testing' } },
    });
  });

  it('completes prompt arguments and template variables', async () => {
    expect(
      (await ok(server, 'completion/complete', { ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' }, argument: { name: 'arg1', value: 'par' } }))
        .completion.values,
    ).toEqual(['paris', 'park', 'party', 'parma']);
    expect(
      (await ok(server, 'completion/complete', { ref: { type: 'ref/resource', uri: 'test://template/{id}/data' }, argument: { name: 'id', value: '12' } }))
        .completion.values,
    ).toEqual(['123', '124']);
  });
});

describe('change notifications', () => {
  it('announces tool and prompt list changes and resource updates on listen streams', async () => {
    const own = createEverythingServer({ onWarning: () => {} });
    const context = recorder();
    const pending = own.dispatch(
      {
        jsonrpc: '2.0',
        id: 'listen',
        method: 'subscriptions/listen',
        params: { _meta: meta(), notifications: { toolsListChanged: true, promptsListChanged: true, resourceSubscriptions: ['test://watched-resource'] } },
      },
      context,
    );
    while (context.notifications.length === 0) await new Promise((r) => setImmediate(r));
    expect(context.notifications[0]?.method).toBe('notifications/subscriptions/acknowledged');
    await ok(own, 'tools/call', { name: 'test_trigger_tool_change' });
    expect((await ok(own, 'tools/list')).tools.map((t: any) => t.name)).toContain('dynamic_tool');
    await ok(own, 'tools/call', { name: 'test_trigger_prompt_change' });
    await ok(own, 'tools/call', { name: 'touch_resource' });
    while (context.notifications.length < 4) await new Promise((r) => setImmediate(r));
    expect(context.notifications.slice(1).map((n) => n.method)).toEqual([
      'notifications/tools/list_changed',
      'notifications/prompts/list_changed',
      'notifications/resources/updated',
    ]);
    expect((await ok(own, 'resources/read', { uri: 'test://watched-resource' })).contents[0].text).toBe('version 2');
    await own.close();
    expect(await pending).toMatchObject({ id: 'listen', result: { resultType: 'complete' } });
  });
});
