import type { DispatchContext, JsonRpcNotification } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import { createServer, tool } from '../src/index.js';
import type { DispatchAround } from '../src/extension-api.js';
import { meta, quiet, TestContext } from './helpers.js';

const echo = tool({
  name: 'echo',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  handler: async (args, ctx) => {
    await ctx.log('info', 'echoing');
    return { content: [{ type: 'text', text: String(args.text) }] };
  },
});

describe('the around hook', () => {
  it('wraps every dispatch: sees the request, may change the context, and returns what the client gets', async () => {
    const seen: string[] = [];
    const around: DispatchAround = async (request, context, next) => {
      seen.push(`before ${request.method}`);
      const wrapped: DispatchContext = {
        ...context,
        signal: context.signal,
        transport: context.transport,
        notify: (n: JsonRpcNotification) => {
          seen.push(`notify ${n.method}`);
          return context.notify(n);
        },
      };
      const response = await next(request, wrapped);
      seen.push(`after ${response !== null && 'result' in response ? 'result' : 'error'}`);
      return response;
    };
    const server = createServer({ info: { name: 'around', version: '1' }, tools: [echo], around, ...quiet });
    const context = new TestContext();
    const response = await server.dispatch(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'hi' }, _meta: meta({}, { 'io.modelcontextprotocol/logLevel': 'info' }) },
      },
      context,
    );
    expect(response).toMatchObject({ id: 1, result: { content: [{ type: 'text', text: 'hi' }] } });
    expect(seen).toEqual(['before tools/call', 'notify notifications/message', 'after result']);
    expect(context.notifications.map((n) => n.method)).toEqual(['notifications/message']);
    await server.dispatch({ jsonrpc: '2.0', id: 2, method: 'nope', params: { _meta: meta() } }, context);
    expect(seen.slice(3)).toEqual(['before nope', 'after error']);
  });

  it('may answer in place of the server', async () => {
    const server = createServer({
      info: { name: 'around', version: '1' },
      tools: [echo],
      around: async (request) => ({ jsonrpc: '2.0', id: request.id, error: { code: -32001, message: 'closed for maintenance' } }),
      ...quiet,
    });
    const response = await server.dispatch({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: meta() } }, new TestContext());
    expect(response).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32001, message: 'closed for maintenance' } });
  });
});
