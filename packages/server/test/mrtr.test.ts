import { describe, expect, expectTypeOf, it } from 'vitest';
import { createMessage, createServer, elicitForm, elicitUrl, inputRequired, InputResponsesReader, listRoots, prompt, resource, tool } from '../src/index.js';
import { generateStateKey, MemoryReplayGuard } from '../src/state-api.js';
import { failure, quiet, result, TestContext } from './helpers.js';

const nameSchema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } as const;
const colorSchema = { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] } as const;
const contextSchema = { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] } as const;
const noFields = { type: 'object', properties: {} } as const;
const keys = generateStateKey('k1');

const greet = tool({
  name: 'greet',
  inputSchema: { type: 'object', properties: { greeting: { type: 'string' } } },
  handler: ({ greeting }, ctx) => {
    const answer = ctx.input.accepted('user_name', nameSchema);
    if (!answer) return inputRequired({ user_name: elicitForm({ message: 'What is your name?', requestedSchema: nameSchema }) });
    return { content: [{ type: 'text', text: `${greeting ?? 'Hello'}, ${answer.name}!` }] };
  },
});

const wizard = tool({
  name: 'wizard',
  inputSchema: { type: 'object', properties: { order: { type: 'string' } } },
  handler: (_args, ctx) => {
    const state = ctx.state as { step: number; name?: string } | undefined;
    if (!state) return inputRequired({ step1: elicitForm({ message: 'Name?', requestedSchema: nameSchema }) }, { state: { step: 1 } });
    if (state.step === 1) {
      const name = ctx.input.accepted('step1', nameSchema)?.name;
      if (!name) return inputRequired({ step1: elicitForm({ message: 'Name?', requestedSchema: nameSchema }) }, { state });
      return inputRequired({ step2: elicitForm({ message: 'Color?', requestedSchema: colorSchema }) }, { state: { step: 2, name } });
    }
    const color = ctx.input.accepted('step2', colorSchema)?.color;
    return { content: [{ type: 'text', text: `state-ok ${state.name} likes ${color}` }] };
  },
});

const server = createServer({
  info: { name: 'mrtr', version: '1' },
  tools: [
    greet,
    wizard,
    tool({
      name: 'sample',
      handler: (_a, ctx) => {
        const answer = ctx.input.sampling('q');
        if (!answer)
          return inputRequired({ q: createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Capital of France?' } }], maxTokens: 100 }) });
        return { content: [{ type: 'text', text: `model said: ${(answer.content as { text: string }).text}` }] };
      },
    }),
    tool({
      name: 'sample-with-tools',
      handler: () =>
        inputRequired({
          q: createMessage({ messages: [], maxTokens: 1, tools: [{ name: 't', inputSchema: { type: 'object' } }], includeContext: 'thisServer' }),
        }),
    }),
    tool({
      name: 'roots',
      handler: (_a, ctx) => {
        const roots = ctx.input.roots('r');
        return roots ? { content: [{ type: 'text', text: roots.roots.map((r) => r.uri).join(' ') }] } : inputRequired({ r: listRoots() });
      },
    }),
    tool({
      name: 'consent',
      handler: () => inputRequired({ c: elicitUrl({ message: 'Authorize', url: 'https://example.com/authorize' }) }, { state: { waiting: true } }),
    }),
    tool({
      name: 'adaptive',
      handler: (_a, ctx) => {
        const wanted = [elicitForm({ message: 'Name?', requestedSchema: nameSchema }), listRoots()];
        const requests = Object.fromEntries(wanted.filter((r) => ctx.supports(r)).map((r, i) => [`r${i}`, r]));
        return Object.keys(requests).length > 0 ? inputRequired(requests) : { content: [{ type: 'text', text: 'nothing to ask' }] };
      },
    }),
    tool({
      name: 'shed',
      handler: (_a, ctx) =>
        ctx.state === undefined ? inputRequired(undefined, { state: 'retry-now' }) : { content: [{ type: 'text', text: `resumed ${String(ctx.state)}` }] },
    }),
  ],
  prompts: [
    prompt({
      name: 'contextual',
      handler: (_a, ctx) => {
        const context = ctx.input.accepted('user_context', contextSchema)?.context;
        if (context === undefined) return inputRequired({ user_context: elicitForm({ message: 'Context?', requestedSchema: contextSchema }) });
        return { messages: [{ role: 'user', content: { type: 'text', text: `Use ${context}` } }] };
      },
    }),
  ],
  resources: [
    resource({
      uri: 'vault://secret',
      name: 'secret',
      read: (_uri, ctx) =>
        ctx.input.accepted('ok', noFields)
          ? { contents: [{ text: 'opened' }] }
          : inputRequired({ ok: elicitForm({ message: 'Open the vault?', requestedSchema: noFields }) }, { state: 1 }),
    }),
  ],
  state: { keys },
  ...quiet,
});

const elicitation = { elicitation: {} };
const accept = (content: Record<string, unknown>) => ({ action: 'accept', content });

// spec: 2026-07-28/pages/basic/patterns/mrtr.mdx
describe('input_required round trips', () => {
  it('asks, then completes on the retry with the answer', async () => {
    const first = await result(server, 'tools/call', { name: 'greet', arguments: {} }, { capabilities: elicitation });
    expect(first).toEqual({
      resultType: 'input_required',
      inputRequests: {
        user_name: { method: 'elicitation/create', params: { mode: 'form', message: 'What is your name?', requestedSchema: nameSchema } },
      },
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'mrtr', version: '1' } },
    });
    const second = await result(
      server,
      'tools/call',
      { name: 'greet', arguments: {}, inputResponses: { user_name: accept({ name: 'Alice' }) } },
      { capabilities: elicitation },
    );
    expect(second).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'Hello, Alice!' }] });
  });

  // spec: 2026-07-28/pages/basic/patterns/mrtr.mdx ("Error Handling": ask again rather than error; ignore extra responses)
  it('asks again when the answer is missing or declined, and ignores extra keys', async () => {
    const wrongKey = await result(server, 'tools/call', { name: 'greet', inputResponses: { other: accept({ name: 'x' }) } }, { capabilities: elicitation });
    expect(wrongKey.resultType).toBe('input_required');
    const declined = await result(server, 'tools/call', { name: 'greet', inputResponses: { user_name: { action: 'decline' } } }, { capabilities: elicitation });
    expect(declined.resultType).toBe('input_required');
    const extra = await result(
      server,
      'tools/call',
      { name: 'greet', inputResponses: { user_name: accept({ name: 'Bo' }), junk: { action: 'cancel' } } },
      { capabilities: elicitation },
    );
    expect(extra.content[0].text).toBe('Hello, Bo!');
  });

  it('refuses inputResponses that are not input responses with -32602', async () => {
    expect((await failure(server, 'tools/call', { name: 'greet', inputResponses: { user_name: 'Alice' } }, { capabilities: elicitation })).code).toBe(-32602);
    expect((await failure(server, 'tools/call', { name: 'greet', inputResponses: [1, 2] }, { capabilities: elicitation })).code).toBe(-32602);
  });

  it('carries sealed state across several rounds', async () => {
    const caps = { capabilities: elicitation };
    const r1 = await result(server, 'tools/call', { name: 'wizard', arguments: { order: 'x' } }, caps);
    expect(r1.inputRequests.step1).toBeDefined();
    expect(typeof r1.requestState).toBe('string');
    expect(r1.requestState).not.toContain('step');
    const r2 = await result(
      server,
      'tools/call',
      { name: 'wizard', arguments: { order: 'x' }, inputResponses: { step1: accept({ name: 'Ann' }) }, requestState: r1.requestState },
      caps,
    );
    expect(r2.inputRequests.step2).toBeDefined();
    expect(r2.requestState).not.toBe(r1.requestState);
    const r3 = await result(
      server,
      'tools/call',
      { name: 'wizard', arguments: { order: 'x' }, inputResponses: { step2: accept({ color: 'teal' }) }, requestState: r2.requestState },
      caps,
    );
    expect(r3.content[0].text).toBe('state-ok Ann likes teal');
  });

  it('supports a state-only answer (load shedding) that the client retries at once', async () => {
    const first = await result(server, 'tools/call', { name: 'shed' });
    expect(Object.keys(first).sort()).toEqual(['_meta', 'requestState', 'resultType']);
    const again = await result(server, 'tools/call', { name: 'shed', requestState: first.requestState });
    expect(again.content[0].text).toBe('resumed retry-now');
  });

  it('round-trips sampling and roots answers through typed readers', async () => {
    const sampling = { capabilities: { sampling: {} } };
    expect((await result(server, 'tools/call', { name: 'sample' }, sampling)).inputRequests.q.method).toBe('sampling/createMessage');
    const done = await result(
      server,
      'tools/call',
      { name: 'sample', inputResponses: { q: { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm' } } },
      sampling,
    );
    expect(done.content[0].text).toBe('model said: Paris');
    const roots = { capabilities: { roots: {} } };
    expect((await result(server, 'tools/call', { name: 'roots' }, roots)).inputRequests.r).toEqual({ method: 'roots/list', params: {} });
    const listed = await result(server, 'tools/call', { name: 'roots', inputResponses: { r: { roots: [{ uri: 'file:///a' }, { uri: 'file:///b' }] } } }, roots);
    expect(listed.content[0].text).toBe('file:///a file:///b');
  });

  // spec: 2026-07-28/pages/client/elicitation.mdx ("Servers SHOULD validate received data matches the requested schema");
  // mrtr.mdx ("Error Handling": respond with a new InputRequiredResult rather than an error)
  it('reads an answer that breaks the form as no answer, so the handler asks again and never sees it', async () => {
    for (const content of [{ name: 42 }, {}, { admin: true }, { name: ['Al'] }]) {
      const again = await result(server, 'tools/call', { name: 'greet', inputResponses: { user_name: accept(content) } }, { capabilities: elicitation });
      expect(again.resultType).toBe('input_required');
      expect(again.inputRequests.user_name.method).toBe('elicitation/create');
    }
  });

  it('hands the handler only the fields the form declared', () => {
    const reader = new InputResponsesReader({ f: { action: 'accept', content: { name: 'Al', admin: true } } });
    expect(reader.accepted('f', nameSchema)).toEqual({ name: 'Al' });
    expect(reader.elicitation('f', nameSchema)).toEqual({ action: 'accept', content: { name: 'Al' } });
    expect(reader.elicitation('f')).toEqual({ action: 'accept', content: { name: 'Al', admin: true } });
    expect(new InputResponsesReader({ f: { action: 'decline' } }).elicitation('f', nameSchema)).toEqual({ action: 'decline' });
    expect(new InputResponsesReader({ f: { action: 'maybe' } } as never).elicitation('f')).toBeUndefined();
  });

  it('types an accepted answer from the schema it is checked against', () => {
    const form = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        age: { type: 'integer' },
        ok: { type: 'boolean' },
        size: { type: 'string', enum: ['s', 'm'] },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
      },
      required: ['name', 'ok'],
    } as const;
    const reader = new InputResponsesReader(undefined);
    expectTypeOf(reader.accepted('k', form)).toEqualTypeOf<{ name: string; ok: boolean; age?: number; size?: 's' | 'm'; tags?: ('a' | 'b')[] } | undefined>();
  });

  it('reads a sampling or roots answer that is not a valid result of its kind as no answer', async () => {
    const sampling = { capabilities: { sampling: {} } };
    // A valid InputResponse (it passes as an ElicitResult), but no CreateMessageResult: its text is missing.
    const broken = { action: 'accept', model: 'm', role: 'assistant', content: { type: 'text' } };
    expect((await result(server, 'tools/call', { name: 'sample', inputResponses: { q: broken } }, sampling)).resultType).toBe('input_required');
    const roots = { capabilities: { roots: {} } };
    const badRoots = { action: 'cancel', roots: [{ uri: 42 }] };
    expect((await result(server, 'tools/call', { name: 'roots', inputResponses: { r: badRoots } }, roots)).resultType).toBe('input_required');
    // Answers that are no input response at all are a protocol error (mrtr.mdx "Error Handling").
    const error = await failure(
      server,
      'tools/call',
      { name: 'sample', inputResponses: { q: { model: 'm', role: 'assistant', content: { type: 'text' } } } },
      sampling,
    );
    expect(error.code).toBe(-32602);
  });

  // spec: 2026-07-28/pages/basic/patterns/mrtr.mdx ("Supported Requests": prompts/get and resources/read too)
  it('works for prompts/get and resources/read', async () => {
    const first = await result(server, 'prompts/get', { name: 'contextual' }, { capabilities: elicitation });
    expect(first.inputRequests.user_context.method).toBe('elicitation/create');
    const done = await result(
      server,
      'prompts/get',
      { name: 'contextual', inputResponses: { user_context: accept({ context: 'tests' }) } },
      { capabilities: elicitation },
    );
    expect(done.messages[0].content.text).toBe('Use tests');
    const ask = await result(server, 'resources/read', { uri: 'vault://secret' }, { capabilities: elicitation });
    // spec: 2026-07-28/pages/server/utilities/caching.mdx (input_required results carry no caching hints)
    expect(ask).not.toHaveProperty('ttlMs');
    expect(ask).not.toHaveProperty('cacheScope');
    const opened = await result(
      server,
      'resources/read',
      { uri: 'vault://secret', inputResponses: { ok: accept({}) }, requestState: ask.requestState },
      { capabilities: elicitation },
    );
    expect(opened).toMatchObject({ resultType: 'complete', contents: [{ text: 'opened' }], ttlMs: 0, cacheScope: 'private' });
  });
});

// spec: 2026-07-28/pages/basic/index.mdx (-32021 with data.requiredCapabilities); mrtr.mdx ("MUST NOT send an inputRequests the client has not declared")
describe('client capability gate', () => {
  it.each([
    ['form elicitation without elicitation', 'greet', {}, { elicitation: { form: {} } }],
    ['form elicitation when only url is declared', 'greet', { elicitation: { url: {} } }, { elicitation: { form: {} } }],
    ['url elicitation with elicitation: {} (form only)', 'consent', { elicitation: {} }, { elicitation: { url: {} } }],
    ['sampling without sampling', 'sample', { elicitation: {} }, { sampling: {} }],
    ['sampling tools and context without sampling.tools/context', 'sample-with-tools', { sampling: {} }, { sampling: { tools: {}, context: {} } }],
    ['roots without roots', 'roots', { sampling: {} }, { roots: {} }],
  ])('refuses %s with -32021', async (_what, name, capabilities, required) => {
    const error = await failure(server, 'tools/call', { name }, { capabilities });
    expect(error.code).toBe(-32021);
    expect(error.data).toEqual({ requiredCapabilities: required });
  });

  it('sends the request when the capability is declared for this request', async () => {
    expect((await result(server, 'tools/call', { name: 'consent' }, { capabilities: { elicitation: { url: {} } } })).inputRequests.c.params.mode).toBe('url');
    expect((await result(server, 'tools/call', { name: 'greet' }, { capabilities: { elicitation: { form: {}, url: {} } } })).resultType).toBe('input_required');
  });

  it('lets a handler ask only for what this request supports', async () => {
    const samplingOnly = await result(server, 'tools/call', { name: 'adaptive' }, { capabilities: { sampling: {} } });
    expect(samplingOnly.content[0].text).toBe('nothing to ask');
    const rootsOnly = await result(server, 'tools/call', { name: 'adaptive' }, { capabilities: { roots: {} } });
    expect(Object.values(rootsOnly.inputRequests).map((r: any) => r.method)).toEqual(['roots/list']);
  });

  it('refuses inputRequired() with neither requests nor state', () => {
    expect(() => inputRequired({})).toThrow(/at least one/);
  });
});

// spec: 2026-07-28/pages/basic/patterns/mrtr.mdx ("Server Requirements": requestState is attacker input; bind principal, expiry, request)
describe('sealed requestState', () => {
  const caps = { capabilities: elicitation };
  const begin = () => result(server, 'tools/call', { name: 'wizard', arguments: { order: 'x' } }, caps);

  it('refuses a tampered state with -32602', async () => {
    const { requestState } = await begin();
    const flipped = requestState.slice(0, -2) + (requestState.endsWith('A') ? 'B' : 'A') + requestState.slice(-1);
    for (const state of [flipped, 'k1.' + 'A'.repeat(60), 'garbage', '']) {
      const error = await failure(server, 'tools/call', { name: 'wizard', arguments: { order: 'x' }, requestState: state }, caps);
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(/^Invalid requestState/);
    }
  });

  it('refuses a state presented with other params or on another method', async () => {
    const { requestState } = await begin();
    const otherArgs = await failure(server, 'tools/call', { name: 'wizard', arguments: { order: 'y' }, requestState }, caps);
    expect(otherArgs).toMatchObject({ code: -32602, data: { reason: 'misbound' } });
    const otherTool = await failure(server, 'tools/call', { name: 'shed', requestState }, caps);
    expect(otherTool.data.reason).toBe('misbound');
    const otherMethod = await failure(server, 'prompts/get', { name: 'contextual', requestState }, caps);
    expect(otherMethod.data.reason).toBe('misbound');
  });

  it('binds state to the caller: another principal, or none, is refused', async () => {
    const alice = new TestContext({ principal: { subject: 'alice', issuer: 'https://as' } });
    const bob = new TestContext({ principal: { subject: 'bob', issuer: 'https://as' } });
    const { requestState } = await result(server, 'tools/call', { name: 'wizard', arguments: { order: 'x' } }, { ...caps, context: alice });
    const params = { name: 'wizard', arguments: { order: 'x' }, inputResponses: { step1: accept({ name: 'A' }) }, requestState };
    expect((await failure(server, 'tools/call', params, { ...caps, context: bob })).message).toMatch(/another caller/);
    expect((await failure(server, 'tools/call', params, caps)).message).toMatch(/another caller/);
    expect((await result(server, 'tools/call', params, { ...caps, context: alice })).resultType).toBe('input_required');
  });

  it('refuses an expired state', async () => {
    const shortLived = createServer({ info: { name: 's', version: '1' }, tools: [wizard], state: { keys, ttlMs: 0 }, ...quiet });
    const { requestState } = await result(shortLived, 'tools/call', { name: 'wizard', arguments: {} }, caps);
    const error = await failure(shortLived, 'tools/call', { name: 'wizard', arguments: {}, requestState }, caps);
    expect(error.data.reason).toBe('expired');
  });

  it('opens state sealed by another replica sharing the key ring, and after a key rotation', async () => {
    const replica = createServer({ info: { name: 'r', version: '1' }, tools: [wizard], state: { keys }, ...quiet });
    const { requestState } = await begin();
    const next = await result(
      replica,
      'tools/call',
      { name: 'wizard', arguments: { order: 'x' }, inputResponses: { step1: accept({ name: 'R' }) }, requestState },
      caps,
    );
    expect(next.inputRequests.step2).toBeDefined();
    const rotated = createServer({ info: { name: 'r', version: '1' }, tools: [wizard], state: { keys: `${generateStateKey('k2')},${keys}` }, ...quiet });
    expect(
      (await result(rotated, 'tools/call', { name: 'wizard', arguments: { order: 'x' }, inputResponses: { step1: accept({ name: 'R' }) }, requestState }, caps))
        .resultType,
    ).toBe('input_required');
    expect(next.requestState.startsWith('k1.')).toBe(true);
    const sealedByRotated = await result(rotated, 'tools/call', { name: 'wizard', arguments: {} }, caps);
    expect(sealedByRotated.requestState.startsWith('k2.')).toBe(true);
    // The old ring does not hold k2.
    expect((await failure(server, 'tools/call', { name: 'wizard', arguments: {}, requestState: sealedByRotated.requestState }, caps)).data.reason).toBe(
      'unknown-key',
    );
  });

  it('refuses a state sealed by a server with another key', async () => {
    const stranger = createServer({ info: { name: 'x', version: '1' }, tools: [wizard], state: { keys: generateStateKey('k1') }, ...quiet });
    const { requestState } = await result(stranger, 'tools/call', { name: 'wizard', arguments: {} }, caps);
    expect((await failure(server, 'tools/call', { name: 'wizard', arguments: {}, requestState }, caps)).data.reason).toBe('tampered');
  });

  // spec: 2026-07-28/pages/basic/patterns/mrtr.mdx ("Servers for which a given requestState must be consumed at most once MUST enforce that invariant server-side")
  it('accepts a state once by default: a second presentation, with any answers, is refused as replayed', async () => {
    const { requestState } = await result(server, 'tools/call', { name: 'wizard', arguments: { order: 'once' } }, caps);
    const retry = (name: string) => ({ name: 'wizard', arguments: { order: 'once' }, inputResponses: { step1: accept({ name }) }, requestState });
    expect((await result(server, 'tools/call', retry('A'), caps)).resultType).toBe('input_required');
    for (const name of ['B', 'A']) {
      const error = await failure(server, 'tools/call', retry(name), caps);
      expect(error).toMatchObject({ code: -32602, data: { reason: 'replayed' } });
      expect(error.message).toMatch(/already used; start the request again/);
    }
    // Starting over is always possible.
    expect((await result(server, 'tools/call', { name: 'wizard', arguments: { order: 'once' } }, caps)).resultType).toBe('input_required');
  });

  it('lets a state be presented again until it expires with replayGuard: false', async () => {
    const reusable = createServer({ info: { name: 'o', version: '1' }, tools: [wizard], state: { keys, replayGuard: false }, ...quiet });
    const { requestState } = await result(reusable, 'tools/call', { name: 'wizard', arguments: {} }, caps);
    const retry = { name: 'wizard', arguments: {}, inputResponses: { step1: accept({ name: 'A' }) }, requestState };
    expect((await result(reusable, 'tools/call', retry, caps)).resultType).toBe('input_required');
    expect((await result(reusable, 'tools/call', retry, caps)).resultType).toBe('input_required');
  });

  it('enforces single use with a replay guard', async () => {
    const once = createServer({ info: { name: 'o', version: '1' }, tools: [wizard], state: { keys, replayGuard: new MemoryReplayGuard() }, ...quiet });
    const { requestState } = await result(once, 'tools/call', { name: 'wizard', arguments: {} }, caps);
    const retry = { name: 'wizard', arguments: {}, inputResponses: { step1: accept({ name: 'A' }) }, requestState };
    expect((await result(once, 'tools/call', retry, caps)).resultType).toBe('input_required');
    expect((await failure(once, 'tools/call', retry, caps)).data.reason).toBe('replayed');
  });
});
