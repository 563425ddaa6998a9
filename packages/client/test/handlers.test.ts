import { describe, expect, it } from 'vitest';
import { answerInputRequest, deriveClientCapabilities, InputHandlerError, ProtocolError, type InputHandlers } from '../src/index.js';

const context = { signal: new AbortController().signal, method: 'tools/call', key: 'k', round: 1 };

describe('deriveClientCapabilities', () => {
  // spec: 2026-07-28/pages/basic/index.mdx ("clientCapabilities ... {} = none")
  it('declares nothing without handlers', () => {
    expect(deriveClientCapabilities()).toEqual({});
    expect(deriveClientCapabilities({ elicitation: {} })).toEqual({});
  });

  it('declares each elicitation mode that has a handler', () => {
    const answer = () => ({ action: 'cancel' as const });
    expect(deriveClientCapabilities({ elicitation: { url: answer } })).toEqual({ elicitation: { url: {} } });
    expect(deriveClientCapabilities({ elicitation: { form: answer } })).toEqual({ elicitation: { form: {} } });
  });

  it('declares the sampling sub-capabilities the handler supports', () => {
    const sampling = () => ({ role: 'assistant' as const, content: { type: 'text' as const, text: '' }, model: 'm' });
    expect(deriveClientCapabilities({ sampling, samplingSupports: { context: true, tools: true } })).toEqual({ sampling: { context: {}, tools: {} } });
    expect(deriveClientCapabilities({ samplingSupports: { tools: true } })).toEqual({});
  });
});

describe('answerInputRequest (shared by the MRTR loop and the legacy session)', () => {
  const handlers: InputHandlers = {
    elicitation: {
      form: (params) => ({ action: 'accept', content: { said: params.message } }),
      url: (params, ctx) => ({ action: params.url.startsWith('https://') && ctx.key === 'k' ? 'accept' : 'decline' }),
    },
    roots: () => ({ roots: [{ uri: 'file:///a' }] }),
  };

  it('dispatches on the method and, for elicitation, on the mode (form when absent)', async () => {
    await expect(
      answerInputRequest(handlers, { method: 'elicitation/create', params: { message: 'hi', requestedSchema: { type: 'object', properties: {} } } }, context),
    ).resolves.toEqual({ action: 'accept', content: { said: 'hi' } });
    await expect(
      answerInputRequest(handlers, { method: 'elicitation/create', params: { mode: 'url', message: 'go', url: 'https://x.example' } }, context),
    ).resolves.toEqual({ action: 'accept' });
    await expect(answerInputRequest(handlers, { method: 'roots/list' }, context)).resolves.toEqual({ roots: [{ uri: 'file:///a' }] });
  });

  it('refuses what was not declared, naming the request', async () => {
    const error = await answerInputRequest(handlers, { method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } }, context).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as Error).message).toBe(
      'The server asked for sampling (sampling/createMessage, key "k"), which this request did not declare (it declared no sampling)',
    );
    await expect(answerInputRequest(handlers, { method: 'tasks/get' } as never, context)).rejects.toThrow(/unknown input "tasks\/get"/);
  });

  it('wraps a handler failure with the request it was answering', async () => {
    const failing: InputHandlers = {
      roots: () => {
        throw new Error('no disk');
      },
    };
    const error = await answerInputRequest(failing, { method: 'roots/list' }, context).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputHandlerError);
    expect(error).toMatchObject({ inputMethod: 'roots/list', key: 'k', remote: false, message: 'The roots/list handler failed for input "k": no disk' });
  });
});
