import type { DispatchContext } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import { createServer, tool } from '../src/index.js';
import { meta, quiet } from './helpers.js';

const echo = tool({
  name: 'echo',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  handler: ({ text }) => ({ content: [{ type: 'text', text: String(text) }] }),
});
const call = { jsonrpc: '2.0' as const, id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' }, _meta: meta() } };

/** A context like a transport's: the signal is made on first use, and `aborted` answers without it. */
function lazyContext(aborted: boolean) {
  let signalsMade = 0;
  const context: DispatchContext = {
    aborted,
    get signal() {
      signalsMade++;
      const controller = new AbortController();
      if (aborted) controller.abort('gone');
      return controller.signal;
    },
    notify: () => Promise.resolve(),
    transport: { name: 'test' },
  };
  return { context, signalsMade: () => signalsMade };
}

describe('dispatch and cancellation', () => {
  const server = createServer({ info: { name: 't', version: '1' }, tools: [echo], ...quiet });

  it("answers without creating the transport's signal when the handler never looks at it", async () => {
    const { context, signalsMade } = lazyContext(false);
    expect(await server.dispatch(call, context)).toMatchObject({ id: 1, result: { content: [{ type: 'text', text: 'hi' }] } });
    expect(signalsMade()).toBe(0);
  });

  it('still answers null for a request the transport reports cancelled', async () => {
    const { context } = lazyContext(true);
    expect(await server.dispatch(call, context)).toBeNull();
  });

  it('falls back to signal.aborted for a context without the flag', async () => {
    const controller = new AbortController();
    controller.abort('gone');
    expect(await server.dispatch(call, { signal: controller.signal, notify: () => Promise.resolve(), transport: { name: 't' } })).toBeNull();
  });
});
