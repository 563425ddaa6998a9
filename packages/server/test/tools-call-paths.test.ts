import { ResponseError } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import { createServer, tool } from '../src/index.js';
import { meta, result, send, TestContext } from './helpers.js';

// `tools/call` answers a synchronous handler without an await, and dispatch settles a synchronous
// method without one: the same answers, errors and cancellations on both paths, pinned here.

const input = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } as const;
const problems: unknown[] = [];

function serverWith(handler: (args: { text: string }) => unknown, options: { onError?: (error: unknown) => void } = {}) {
  return createServer({
    info: { name: 'paths', version: '1.0.0' },
    mode: 'production',
    onWarning: () => {},
    onError: options.onError ?? ((error) => problems.push(error)),
    tools: [tool({ name: 't', inputSchema: input, handler: handler as never })],
  });
}

const text = (value: string) => ({ content: [{ type: 'text', text: value }] });

describe('tools/call: a synchronous and an asynchronous handler answer alike', () => {
  for (const [kind, wrap] of [
    ['synchronous', <T>(value: T) => value],
    ['asynchronous', <T>(value: T) => Promise.resolve(value)],
  ] as const) {
    it(`${kind}: the result, with resultType and the server's _meta`, async () => {
      const out = await result(
        serverWith(({ text: t }) => wrap(text(`got ${t}`))),
        'tools/call',
        { name: 't', arguments: { text: 'a' } },
      );
      expect(out).toEqual({ resultType: 'complete', ...text('got a'), _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'paths', version: '1.0.0' } } });
    });

    it(`${kind}: a handler error is a tool execution error, a ResponseError a protocol error`, async () => {
      const failing = serverWith(() => (kind === 'synchronous' ? thrower(new Error('no luck')) : Promise.reject(new Error('no luck'))));
      expect(await result(failing, 'tools/call', { name: 't', arguments: { text: 'a' } })).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: 'no luck' }],
      });
      const refusing = serverWith(() =>
        kind === 'synchronous'
          ? thrower(new ResponseError(-32602, 'refused', { why: 'x' }))
          : Promise.reject(new ResponseError(-32602, 'refused', { why: 'x' })),
      );
      const response = await send(refusing, 'tools/call', { name: 't', arguments: { text: 'a' } });
      expect(response).toMatchObject({ error: { code: -32602, message: 'refused', data: { why: 'x' } } });
    });

    it(`${kind}: a result that is not an object is -32603, reported to onError`, async () => {
      const errors: unknown[] = [];
      const broken = serverWith(() => wrap(42), { onError: (error) => errors.push(error) });
      expect(await send(broken, 'tools/call', { name: 't', arguments: { text: 'a' } })).toMatchObject({ error: { code: -32603, message: 'Internal error' } });
      expect(String(errors[0])).toMatch(/returned number instead of a result object/);
    });

    it(`${kind}: nothing is answered for a request cancelled before the handler returned`, async () => {
      const context = new TestContext();
      const cancelling = serverWith(() => {
        context.controller.abort('cancelled');
        return wrap(text('too late'));
      });
      expect(await send(cancelling, 'tools/call', { name: 't', arguments: { text: 'a' } }, { context })).toBeNull();
    });
  }

  it('arguments that fail the input schema are a tool execution error, and the handler never runs', async () => {
    let ran = false;
    const server = serverWith(() => {
      ran = true;
      return text('no');
    });
    const out = await result(server, 'tools/call', { name: 't', arguments: { text: 7 } });
    expect(out.isError).toBe(true);
    expect(ran).toBe(false);
  });

  it('an onError hook that throws rejects the dispatch instead of throwing out of it', async () => {
    const server = serverWith(() => wrapNever(), {
      onError: () => {
        throw new Error('hook failed');
      },
    });
    let threw = false;
    let pending: Promise<unknown> | undefined;
    try {
      pending = server.dispatch({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't', arguments: { text: 'a' }, _meta: meta() } });
    } catch {
      threw = true;
    }
    expect(threw).toBe(false);
    await expect(pending).rejects.toThrow('hook failed');
  });
});

function thrower(error: Error): never {
  throw error;
}

/** A handler result that is not an object: a bug dispatch reports to onError. */
function wrapNever(): unknown {
  return 'not an object';
}
