// What the legacy adapter (dualEra), the Redis adapter and an authorization layer rely on, exercised
// through the public API only, the way those packages will use it.
import { describe, expect, it } from 'vitest';
import type { JsonRpcNotification } from '@mcpkit/jsonrpc';
import { createServer, elicitForm, inputRequired, tool } from '../src/index.js';
import type { ServerEvent } from '../src/events-api.js';
import { quiet } from './helpers.js';

const server = createServer({
  info: { name: 'contract', version: '2.0.0' },
  instructions: 'Be nice.',
  tools: [
    tool({
      name: 'deploy',
      scopes: ['deploy'],
      handler: async (_args, ctx) => {
        await ctx.log('info', 'deploying');
        const form = { type: 'object', properties: {} } as const;
        const ok = ctx.input.accepted('confirm', form);
        if (!ok) return inputRequired({ confirm: elicitForm({ message: 'Deploy?', requestedSchema: form }) }, { state: { asked: true } });
        return { content: [{ type: 'text', text: `deployed (state ${JSON.stringify(ctx.state)})` }] };
      },
    }),
  ],
  ...quiet,
});

/** A legacy session as the adapter keeps it: negotiated once, turned into modern `_meta` per request. */
const session = {
  capabilities: { elicitation: {}, roots: { listChanged: true } },
  clientInfo: { name: 'legacy-client', version: '0.9' },
  logLevel: 'info' as const, // from logging/setLevel
};
const synthesizedMeta = () => ({
  'io.modelcontextprotocol/protocolVersion': server.supportedVersions[0],
  'io.modelcontextprotocol/clientCapabilities': session.capabilities,
  'io.modelcontextprotocol/clientInfo': session.clientInfo,
  'io.modelcontextprotocol/logLevel': session.logLevel,
});

describe('legacy adapter contract', () => {
  it('reads what an InitializeResult needs', () => {
    expect(server.info).toEqual({ name: 'contract', version: '2.0.0' });
    expect(server.instructions).toBe('Be nice.');
    expect(server.capabilities).toEqual({ tools: { listChanged: true }, logging: {} });
    expect(server.supportedVersions).toEqual(['2026-07-28']);
  });

  it('turns input_required into server-initiated requests and retries with the answers', async () => {
    const logs: JsonRpcNotification[] = [];
    const context = { signal: new AbortController().signal, notify: async (n: JsonRpcNotification) => void logs.push(n), transport: { name: 'stdio' } };
    const first: any = await server.dispatch(
      { jsonrpc: '2.0', id: 'legacy-1', method: 'tools/call', params: { _meta: synthesizedMeta(), name: 'deploy' } },
      context,
    );
    expect(first.result.resultType).toBe('input_required');
    // The adapter sends each input request to the client as a JSON-RPC request, collects the results...
    const answers = Object.fromEntries(Object.keys(first.result.inputRequests).map((key) => [key, { action: 'accept', content: {} }]));
    // ...and retries with a fresh id, the answers and the state byte for byte.
    const retry: any = await server.dispatch(
      {
        jsonrpc: '2.0',
        id: 'legacy-1#2',
        method: 'tools/call',
        params: { _meta: synthesizedMeta(), name: 'deploy', inputResponses: answers, requestState: first.result.requestState },
      },
      context,
    );
    expect(retry.result.content[0].text).toBe('deployed (state {"asked":true})');
    // The per-session log level came through _meta.
    expect(logs.filter((n) => n.method === 'notifications/message')).toHaveLength(2);
  });

  it('follows list changes and resource updates on the event bus', async () => {
    const seen: ServerEvent[] = [];
    const unsubscribe = await server.events.subscribe((event) => seen.push(event));
    await server.update((draft) => draft.addTool(tool({ name: 'late', handler: () => ({ content: [] }) })));
    await server.resourceUpdated('file:///x');
    await unsubscribe();
    await server.toolsChanged();
    expect(seen).toEqual([{ type: 'tools/list_changed' }, { type: 'resources/updated', uri: 'file:///x' }]);
  });
});

describe('authorization contract', () => {
  it('names the scopes a request needs before dispatch, and enforces them with a principal', async () => {
    expect(server.requiredScopes('tools/call', { name: 'deploy' })).toEqual(['deploy']);
    const context = {
      signal: new AbortController().signal,
      notify: async () => {},
      transport: { name: 'http', principal: { subject: 'u', scopes: ['read'] } },
    };
    const response: any = await server.dispatch({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { _meta: synthesizedMeta(), name: 'deploy' } }, context);
    expect(response.error).toMatchObject({ code: -32602, data: { requiredScopes: ['deploy'] } });
  });
});
