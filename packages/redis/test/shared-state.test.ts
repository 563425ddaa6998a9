import { createServer, elicitForm, inputRequired, tool, type McpServer, type StateOptions } from '@mcpkit/server';
import { generateStateKey } from '@mcpkit/server/state';
import { describe, expect, it } from 'vitest';
import { sharedState } from '../src/index.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
};

function replica(state: StateOptions): McpServer {
  return createServer({
    info: { name: 'replica', version: '1' },
    tools: [
      tool({
        name: 'ask',
        handler: (_args, ctx) =>
          ctx.state
            ? { content: [{ type: 'text', text: `opened ${JSON.stringify(ctx.state)}` }] }
            : inputRequired({ q: elicitForm({ message: 'Name?', requestedSchema: { type: 'object', properties: {} } }) }, { state: { n: 1 } }),
      }),
    ],
    state,
    onWarning: () => undefined,
  });
}

/** Seals on `from`, opens on `to`: the text of the completed call, or the error. */
async function crossReplica(from: McpServer, to: McpServer): Promise<any> {
  const first: any = await from.dispatch({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { _meta: META, name: 'ask' } });
  const second: any = await to.dispatch({
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { _meta: META, name: 'ask', inputResponses: { q: { action: 'accept', content: {} } }, requestState: first.result.requestState },
  });
  return second.result?.content?.[0]?.text ?? second.error;
}

// spec: 2026-07-28/pages/basic/patterns/mrtr.mdx (requestState is protected; any replica may get the retry)
describe('sharedState', () => {
  it('refuses to start a replica without a shared key ring, naming the variable', () => {
    expect(() => sharedState({ env: {} })).toThrow(/MCPKIT_STATE_KEYS is not set: replicas must share one requestState key ring/);
    expect(() => sharedState({ env: { MCPKIT_STATE_KEYS: '  ' } })).toThrow(TypeError);
  });

  it('refuses a malformed ring at startup without echoing the secret', () => {
    expect(() => sharedState({ keys: 'k1:c2VjcmV0' })).toThrow(/State key "k1" must be 32 bytes/);
    expect(() => sharedState({ keys: 'k1:c2VjcmV0' })).not.toThrow(/c2VjcmV0/);
  });

  it('lets every replica open what another sealed, reading the ring from MCPKIT_STATE_KEYS', async () => {
    const env = { MCPKIT_STATE_KEYS: generateStateKey('k1') };
    expect(await crossReplica(replica(sharedState({ env })), replica(sharedState({ env })))).toBe('opened {"n":1}');
    // Without a shared ring each server picks its own random key (same id, other secret): the retry fails elsewhere.
    expect(await crossReplica(replica({}), replica({}))).toMatchObject({ code: -32602, data: { reason: 'tampered' } });
  });

  it('rotates keys on a rolling deploy: add the new key last, then first, then drop the old one', async () => {
    const k1 = generateStateKey('k1');
    const k2 = generateStateKey('k2');
    const old = replica(sharedState({ keys: k1 }));
    // Step 1: some replicas already know k2, but still seal with k1, so old and new open each other's state.
    const learning = replica(sharedState({ keys: `${k1},${k2}` }));
    expect(await crossReplica(learning, old)).toBe('opened {"n":1}');
    expect(await crossReplica(old, learning)).toBe('opened {"n":1}');
    // Step 2 (once every replica holds k2): seal with k2, keep opening k1 states still in flight.
    const sealing = replica(sharedState({ keys: `${k2},${k1}` }));
    expect(await crossReplica(sealing, learning)).toBe('opened {"n":1}');
    expect(await crossReplica(learning, sealing)).toBe('opened {"n":1}');
    // Sealing with k2 before every replica knew it would break calls landing on a replica still on k1 alone.
    expect(await crossReplica(sealing, old)).toMatchObject({ code: -32602, data: { reason: 'unknown-key' } });
    // Step 3 (after the longest state lifetime): drop k1.
    expect(await crossReplica(sealing, replica(sharedState({ keys: k2 })))).toBe('opened {"n":1}');
  });
});
