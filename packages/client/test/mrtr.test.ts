import { afterEach, describe, expect, it } from 'vitest';
import {
  CancelledError,
  InputDeadlineError,
  InputHandlerError,
  InputRoundsExceededError,
  ProtocolError,
  TransportClosedError,
  type ElicitationHandler,
  type ModernClient,
} from '../src/index.js';
import { cacheable, connect, done, FakeServer, text } from './helpers/fake-server.js';

// spec: 2026-07-28/pages/basic/patterns/mrtr.mdx (Client Requirements)

let client: ModernClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

const form = (message: string) => ({
  method: 'elicitation/create',
  params: { mode: 'form', message, requestedSchema: { type: 'object', properties: { v: { type: 'string' } } } },
});

/** A tool that asks for a name, then a confirmation, then answers; the state is bound to the round. */
function bookingServer(): FakeServer {
  return new FakeServer({
    'tools/call': (params) => {
      const answers = params.inputResponses ?? {};
      if (params.requestState === undefined)
        return { resultType: 'input_required', inputRequests: { who: form('Name?') }, requestState: 'round-1 ✓ {"opaque":true}' };
      if (params.requestState === 'round-1 ✓ {"opaque":true}' && answers.who?.action === 'accept') {
        return {
          resultType: 'input_required',
          inputRequests: { sure: form(`Book for ${answers.who.content.v}?`) },
          requestState: `round-2:${answers.who.content.v}`,
        };
      }
      if (String(params.requestState).startsWith('round-2:') && answers.sure?.action === 'accept') {
        return text(`booked for ${String(params.requestState).slice(8)}`);
      }
      return text('unexpected');
    },
  });
}

describe('automatic MRTR', () => {
  it('answers a two-round elicitation with the handler and retries with new ids, the answers and the exact state', async () => {
    const asked: string[] = [];
    const elicitation: ElicitationHandler = {
      form: (params, context) => {
        asked.push(`${context.round}:${context.key}:${params.message}`);
        return { action: 'accept', content: { v: 'Ada' } };
      },
    };
    const server = bookingServer();
    ({ client } = connect(server, { handlers: { elicitation } }));
    const result = await client.callTool({ name: 'book', arguments: { day: 'mon' } });
    expect(result.content).toEqual([{ type: 'text', text: 'booked for Ada' }]);
    expect(asked).toEqual(['1:who:Name?', '2:sure:Book for Ada?']);
    const rounds = server.received('tools/call');
    expect(rounds).toHaveLength(3);
    expect(new Set(rounds.map((r) => r.id)).size).toBe(3);
    expect(rounds[0]?.params).not.toHaveProperty('requestState');
    expect(rounds[0]?.params).not.toHaveProperty('inputResponses');
    expect(rounds[1]?.params?.requestState).toBe('round-1 ✓ {"opaque":true}');
    expect(rounds[1]?.params?.inputResponses).toEqual({ who: { action: 'accept', content: { v: 'Ada' } } });
    expect(rounds[2]?.params?.inputResponses).toEqual({ sure: { action: 'accept', content: { v: 'Ada' } } });
    for (const round of rounds) {
      expect(round.params?.name).toBe('book');
      expect(round.params?.arguments).toEqual({ day: 'mon' });
    }
  });

  it('retries a state-only result at once without calling any handler', async () => {
    const server = new FakeServer({
      'tools/call': (params) => (params.requestState === 'later' ? text('served') : { resultType: 'input_required', requestState: 'later' }),
    });
    ({ client } = connect(server));
    await expect(client.callTool({ name: 'busy' })).resolves.toMatchObject({ content: [{ text: 'served' }] });
    expect(server.received('tools/call').map((r) => r.params?.requestState)).toEqual([undefined, 'later']);
    expect(server.received('tools/call')[1]?.params).not.toHaveProperty('inputResponses');
  });

  it('sends no requestState in a retry when the server sent none', async () => {
    let calls = 0;
    const server = new FakeServer({
      'tools/call': () => (++calls === 1 ? { resultType: 'input_required', inputRequests: { r: { method: 'roots/list' } } } : text('ok')),
    });
    ({ client } = connect(server, { handlers: { roots: () => ({ roots: [{ uri: 'file:///w', name: 'w' }] }) } }));
    await client.callTool({ name: 'x' });
    const retry = server.received('tools/call')[1];
    expect(retry?.params).not.toHaveProperty('requestState');
    expect(retry?.params?.inputResponses).toEqual({ r: { roots: [{ uri: 'file:///w', name: 'w' }] } });
  });

  it('answers a sampling round with the sampling handler', async () => {
    const server = new FakeServer({
      'prompts/get': (params) =>
        params.inputResponses?.s
          ? done({ messages: [{ role: 'assistant', content: params.inputResponses.s.content }] })
          : {
              resultType: 'input_required',
              inputRequests: {
                s: { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: '2+2?' } }], maxTokens: 5 } },
              },
            },
    });
    ({ client } = connect(server, {
      handlers: { sampling: (params) => ({ role: 'assistant', content: { type: 'text', text: `${params.maxTokens}: 4` }, model: 'fake' }) },
    }));
    const result = await client.getPrompt({ name: 'math' });
    expect(result.messages).toEqual([{ role: 'assistant', content: { type: 'text', text: '5: 4' } }]);
  });

  it('keeps parallel calls apart: each retry carries only its own state and answers', async () => {
    const server = new FakeServer({
      'tools/call': (params) =>
        params.requestState === undefined
          ? { resultType: 'input_required', inputRequests: { q: form(`for ${params.arguments.n}`) }, requestState: `state-${params.arguments.n}` }
          : text(`${params.requestState}/${params.inputResponses.q.content.v}`),
    });
    ({ client } = connect(server, {
      handlers: { elicitation: { form: async (p) => ({ action: 'accept', content: { v: p.message } }) } },
    }));
    const results = await Promise.all([1, 2, 3].map((n) => client!.callTool({ name: 't', arguments: { n } })));
    expect(results.map((r) => (r.content[0] as { text: string }).text)).toEqual(['state-1/for 1', 'state-2/for 2', 'state-3/for 3']);
  });

  it('gives up after maxInputRounds with a clear error, and the client stays usable', async () => {
    const server = new FakeServer({
      'tools/call': (params) => (params.name === 'loop' ? { resultType: 'input_required', requestState: 'again' } : text('fine')),
    });
    ({ client } = connect(server, { maxInputRounds: 3 }));
    await expect(client.callTool({ name: 'loop' })).rejects.toBeInstanceOf(InputRoundsExceededError);
    expect(server.received('tools/call')).toHaveLength(4);
    await expect(client.callTool({ name: 'other' })).resolves.toMatchObject({ content: [{ text: 'fine' }] });
  });

  it('stops at the deadline while a handler waits, aborting the handler', async () => {
    let handlerSignal: AbortSignal | undefined;
    const server = new FakeServer({ 'tools/call': () => ({ resultType: 'input_required', inputRequests: { q: form('?') } }) });
    ({ client } = connect(server, {
      handlers: {
        elicitation: {
          form: (_p, context) => {
            handlerSignal = context.signal;
            return new Promise(() => {});
          },
        },
      },
    }));
    await expect(client.callTool({ name: 'slow' }, { inputDeadlineMs: 30 })).rejects.toBeInstanceOf(InputDeadlineError);
    expect(handlerSignal?.aborted).toBe(true);
    expect(server.received('tools/call')).toHaveLength(1);
  });

  it('cancels the round in flight at the deadline, so the server sees it', async () => {
    const server = new FakeServer({
      'tools/call': (params, ctx) =>
        params.requestState === undefined
          ? { resultType: 'input_required', requestState: 's' }
          : new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve(null))),
    });
    let transport;
    ({ client, transport } = connect(server));
    await expect(client.callTool({ name: 'slow' }, { inputDeadlineMs: 30 })).rejects.toBeInstanceOf(InputDeadlineError);
    const retryId = server.received('tools/call')[1]?.id;
    expect(transport.cancelled).toEqual([retryId]);
  });

  it('rejects with CancelledError when the caller aborts while a handler waits', async () => {
    const controller = new AbortController();
    const server = new FakeServer({ 'tools/call': () => ({ resultType: 'input_required', inputRequests: { q: form('?') } }) });
    ({ client } = connect(server, {
      handlers: {
        elicitation: {
          form: () => {
            controller.abort('user closed the dialog');
            return new Promise(() => {});
          },
        },
      },
    }));
    const error = await client.callTool({ name: 'x' }, { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelledError);
    expect((error as CancelledError).reason).toBe('user closed the dialog');
  });

  it('aborts waiting handlers when the client closes', async () => {
    let handlerSignal: AbortSignal | undefined;
    const server = new FakeServer({ 'tools/call': () => ({ resultType: 'input_required', inputRequests: { q: form('?') } }) });
    ({ client } = connect(server, {
      handlers: {
        elicitation: {
          form: (_p, context) => {
            handlerSignal = context.signal;
            void client!.close();
            return new Promise(() => {});
          },
        },
      },
    }));
    await expect(client.callTool({ name: 'x' })).rejects.toBeInstanceOf(TransportClosedError);
    expect(handlerSignal?.aborted).toBe(true);
  });

  it('reports a failing handler and sends no retry', async () => {
    const server = new FakeServer({
      'tools/call': () => ({
        resultType: 'input_required',
        inputRequests: { s: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } } },
      }),
    });
    ({ client } = connect(server, { handlers: { sampling: () => Promise.reject(new Error('model offline')) } }));
    const error = await client.callTool({ name: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputHandlerError);
    expect((error as Error).message).toMatch(/sampling\/createMessage handler failed for input "s": model offline/);
    expect(server.received('tools/call')).toHaveLength(1);
  });

  it('refuses input the request did not declare (the server broke the protocol)', async () => {
    const server = new FakeServer({
      'tools/call': () => ({
        resultType: 'input_required',
        inputRequests: { u: { method: 'elicitation/create', params: { mode: 'url', message: 'go', url: 'https://example.com/x' } } },
      }),
    });
    ({ client } = connect(server, { handlers: { elicitation: { form: () => ({ action: 'cancel' }) } } }));
    const error = await client.callTool({ name: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as Error).message).toMatch(/elicitation in url mode .* did not declare .*form mode/);
    expect(server.received('tools/call')).toHaveLength(1);
  });

  it('refuses sampling with tools unless the handler declared tool support', async () => {
    const server = new FakeServer({
      'tools/call': () => ({
        resultType: 'input_required',
        inputRequests: {
          s: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 1, tools: [{ name: 't', inputSchema: { type: 'object' } }] } },
        },
      }),
    });
    ({ client } = connect(server, { handlers: { sampling: () => ({ role: 'assistant', content: { type: 'text', text: '' }, model: 'm' }) } }));
    await expect(client.callTool({ name: 'x' })).rejects.toThrow(/sampling with tools/);
  });

  it('never caches a resource read that needed input', async () => {
    const server = new FakeServer({
      'resources/read': (params) =>
        params.requestState === 'ok'
          ? cacheable({ contents: [{ uri: params.uri, text: 'secret' }] }, 60_000)
          : { resultType: 'input_required', requestState: 'ok' },
    });
    ({ client } = connect(server));
    await client.readResource({ uri: 'mem://x' });
    await client.readResource({ uri: 'mem://x' });
    expect(server.received('resources/read')).toHaveLength(4);
  });
});

describe('step-by-step MRTR', () => {
  it('hands each round to the caller and retries with what the caller answers', async () => {
    const server = bookingServer();
    ({ client } = connect(server, { handlers: { elicitation: { form: () => ({ action: 'decline' }) } } }));
    let step = await client.step('tools/call', { name: 'book' });
    expect(step.kind).toBe('input_required');
    if (step.kind !== 'input_required') return;
    expect(step.round).toBe(1);
    expect(step.hasRequestState).toBe(true);
    expect(Object.keys(step.inputRequests)).toEqual(['who']);
    const first = step;
    step = await first.respond({ who: { action: 'accept', content: { v: 'Lin' } } });
    await expect(first.respond({})).rejects.toThrow(/already answered/);
    expect(step.kind === 'input_required' && step.round).toBe(2);
    if (step.kind !== 'input_required') return;
    step = await step.respond({ sure: { action: 'accept' } });
    expect(step).toEqual({ kind: 'complete', result: expect.objectContaining({ content: [{ type: 'text', text: 'booked for Lin' }] }) });
    expect(server.received('tools/call')[2]?.params?.requestState).toBe('round-2:Lin');
  });

  it('can answer a round with the registered handlers', async () => {
    const server = bookingServer();
    ({ client } = connect(server, { handlers: { elicitation: { form: () => ({ action: 'accept', content: { v: 'Bo' } }) } } }));
    let step = await client.step('tools/call', { name: 'book' });
    while (step.kind === 'input_required') step = await step.answer();
    expect(step.result.content).toEqual([{ type: 'text', text: 'booked for Bo' }]);
  });
});
