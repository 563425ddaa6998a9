/**
 * Legacy sessions on a long-lived channel (the stdio case), driven in-process through the
 * `Dispatcher` interface: era routing per message, the MRTR shim's failure paths (client errors,
 * invalid answers, timeouts, cancellation, the round limit) and the capability gate.
 * spec: 2025-11-25/pages/basic/lifecycle.mdx, basic/utilities/cancellation.mdx, client/elicitation.mdx
 */
import type { DispatchContext, JsonRpcMessage, JsonRpcRequest, PeerChannel } from '@mcpkit/jsonrpc';
import { createServer, elicitForm, elicitUrl, inputRequired, tool } from '@mcpkit/server';
import { describe, expect, it } from 'vitest';
import { dualEra, type DualEraOptions } from '../../src/index.js';

const nameSchema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } as const;
const nameForm = elicitForm({ message: 'Name?', requestedSchema: nameSchema });

function makeServer() {
  return createServer({
    info: { name: 'channel-test', version: '1.0.0' },
    onWarning: () => {},
    tools: [
      tool({
        name: 'greet',
        handler: (_args, ctx) => {
          const answer = ctx.input.accepted('who', nameSchema);
          return answer ? { content: [{ type: 'text', text: `Hello, ${answer.name}!` }] } : inputRequired({ who: nameForm });
        },
      }),
      tool({ name: 'nag', handler: () => inputRequired({ again: nameForm }) }),
      tool({
        name: 'visit',
        handler: (_args, ctx) =>
          ctx.input.elicitation('go')?.action === 'accept'
            ? { content: [{ type: 'text', text: 'visited' }] }
            : inputRequired({ go: elicitUrl({ message: 'Open this', url: 'https://example.com/consent' }) }),
      }),
    ],
  });
}

/** A fake channel: records what the server sends, answers server requests through `answer`. */
function channel(options: DualEraOptions = {}) {
  const dual = dualEra(makeServer(), { onError: () => {}, ...options });
  const sent: JsonRpcMessage[] = [];
  const closers: Array<() => void> = [];
  const waiting: Array<(m: JsonRpcMessage) => void> = [];
  const peer: PeerChannel = {
    id: 'test-channel',
    send: (message) => {
      sent.push(message);
      for (const wake of waiting.splice(0)) wake(message);
      return Promise.resolve();
    },
    onClose: (handler) => void closers.push(handler),
  };
  const context = (signal = new AbortController().signal): DispatchContext => ({ signal, notify: () => Promise.resolve(), transport: { name: 'stdio' }, peer });
  let nextId = 1;
  const request = (method: string, params?: Record<string, unknown>, signal?: AbortSignal) =>
    dual.dispatch({ jsonrpc: '2.0', id: nextId++, method, ...(params ? { params } : {}) } as JsonRpcRequest, context(signal));
  /** The next message the server sends that satisfies `match`. */
  const nextSent = (match: (m: JsonRpcMessage) => boolean) =>
    new Promise<JsonRpcMessage & { id?: string; method?: string; params?: Record<string, unknown> }>((resolve) => {
      const found = sent.find(match);
      if (found) return resolve(found as never);
      const wait = (m: JsonRpcMessage) => (match(m) ? resolve(m as never) : waiting.push(wait));
      waiting.push(wait);
    });
  const answer = (id: unknown, body: Record<string, unknown>) =>
    dual.response({ jsonrpc: '2.0', id, ...body } as never, { transport: { name: 'stdio' }, peer });
  const init = (capabilities: Record<string, unknown> = { elicitation: { form: {}, url: {} } }) =>
    request('initialize', { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'fake', version: '1' } });
  return { dual, sent, request, nextSent, answer, init, close: () => closers.forEach((c) => c()) };
}

const isRequestFor = (method: string) => (m: JsonRpcMessage) => (m as { method?: string; id?: unknown }).method === method && 'id' in m;

describe('era routing on a channel', () => {
  it('is modern until initialize, legacy after it, and modern again for a request with modern _meta', async () => {
    const c = channel();
    const before = await c.request('tools/list');
    expect(before).toMatchObject({ error: { code: -32602 } }); // a modern request without _meta
    const init = await c.init();
    expect(init).toMatchObject({ result: { protocolVersion: '2025-11-25', serverInfo: { name: 'channel-test' } } });
    const legacy = (await c.request('tools/list')) as { result: Record<string, unknown> };
    expect(legacy.result).not.toHaveProperty('resultType');
    const modern = (await c.request('tools/list', {
      _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
    })) as { result: Record<string, unknown> };
    expect(modern.result.resultType).toBe('complete');
    // spec: lifecycle.mdx — initialization happens once
    expect(await c.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } })).toMatchObject({
      error: { code: -32600 },
    });
    expect(await c.request('server/discover')).toMatchObject({ error: { code: -32601 } });
    await c.dual.close();
  });
});

describe('a legacy-only server (modern: false)', () => {
  it('refuses everything but initialize before the handshake, and serves the session after it', async () => {
    const c = channel({ modern: false });
    const probe = await c.request('server/discover', {
      _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
    });
    // spec: DIGEST §12 — a dual-era client reads any error other than a modern one as "legacy"
    expect(probe).toMatchObject({ error: { code: -32600 } });
    await c.init();
    expect(await c.request('tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } })).toMatchObject({
      result: { tools: expect.any(Array) },
    });
    await c.dual.close();
  });
});

describe('the MRTR shim', () => {
  it('fails the call with -32603 naming the input when the client answers an error, and stays usable', async () => {
    const c = channel();
    await c.init();
    const call = c.request('tools/call', { name: 'greet' });
    const ask = await c.nextSent(isRequestFor('elicitation/create'));
    c.answer(ask.id, { error: { code: -32601, message: 'Method not found' } });
    const response = (await call) as { error: { code: number; message: string; data: { key: string } } };
    expect(response.error.code).toBe(-32603);
    expect(response.error.message).toContain('-32601');
    expect(response.error.data.key).toBe('who');
    expect(await c.request('ping')).toMatchObject({ result: {} });
    await c.dual.close();
  });

  it('refuses an answer that is not an ElicitResult', async () => {
    const c = channel();
    await c.init();
    const call = c.request('tools/call', { name: 'greet' });
    const ask = await c.nextSent(isRequestFor('elicitation/create'));
    c.answer(ask.id, { result: { action: 'maybe' } });
    expect(await call).toMatchObject({ error: { code: -32603, message: expect.stringContaining('not valid') } });
    await c.dual.close();
  });

  it('gives up after the input timeout and tells the client with notifications/cancelled', async () => {
    const c = channel({ inputTimeoutMs: 30 });
    await c.init();
    const response = (await c.request('tools/call', { name: 'greet' })) as { error: { message: string } };
    expect(response.error.message).toMatch(/did not answer elicitation\/create/);
    const ask = c.sent.find(isRequestFor('elicitation/create')) as { id: string };
    const cancel = c.sent.find((m) => (m as { method?: string }).method === 'notifications/cancelled') as unknown as { params: { requestId: string } };
    expect(cancel.params.requestId).toBe(ask.id);
    await c.dual.close();
  });

  it('a cancelled call answers nothing and cancels the request it waits on', async () => {
    const c = channel();
    await c.init();
    const controller = new AbortController();
    const call = c.request('tools/call', { name: 'greet' }, controller.signal);
    const ask = await c.nextSent(isRequestFor('elicitation/create'));
    controller.abort('user');
    expect(await call).toBeNull();
    const cancel = await c.nextSent((m) => (m as { method?: string }).method === 'notifications/cancelled');
    expect(cancel.params).toMatchObject({ requestId: ask.id });
    await c.dual.close();
  });

  it('stops after maxInputRounds rounds of input requests', async () => {
    const c = channel({ maxInputRounds: 3 });
    await c.init();
    const call = c.request('tools/call', { name: 'nag' });
    for (let round = 0; round < 2; round++) {
      const asks = c.sent.filter(isRequestFor('elicitation/create')).length;
      const ask = await c.nextSent((m) => isRequestFor('elicitation/create')(m) && c.sent.filter(isRequestFor('elicitation/create')).indexOf(m) === asks);
      c.answer(ask.id, { result: { action: 'accept', content: { name: 'x' } } });
    }
    expect(await call).toMatchObject({ error: { code: -32603, message: expect.stringContaining('after 3 rounds') } });
    expect(c.sent.filter(isRequestFor('elicitation/create'))).toHaveLength(2);
    await c.dual.close();
  });

  it('never asks a client that did not declare the capability: -32021, nothing sent', async () => {
    const c = channel();
    await c.init({});
    const response = await c.request('tools/call', { name: 'greet' });
    expect(response).toMatchObject({ error: { code: -32021, data: { requiredCapabilities: { elicitation: {} } } } });
    expect(c.sent.filter(isRequestFor('elicitation/create'))).toHaveLength(0);
    await c.dual.close();
  });

  it('gives a URL-mode elicitation the elicitationId 2025-11-25 requires', async () => {
    const c = channel();
    await c.init();
    const call = c.request('tools/call', { name: 'visit' });
    const ask = await c.nextSent(isRequestFor('elicitation/create'));
    // spec: 2025-11-25/pages/client/elicitation.mdx — URL mode carries an elicitationId
    expect(ask.params).toMatchObject({ mode: 'url', url: 'https://example.com/consent', elicitationId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    c.answer(ask.id, { result: { action: 'accept' } });
    expect(await call).toMatchObject({ result: { content: [{ text: 'visited' }] } });
    await c.dual.close();
  });

  it('a closed channel fails the calls that wait on it', async () => {
    const c = channel();
    await c.init();
    const call = c.request('tools/call', { name: 'greet' });
    await c.nextSent(isRequestFor('elicitation/create'));
    c.close();
    expect(await call).toMatchObject({ error: { code: -32603 } });
    await c.dual.close();
  });
});
