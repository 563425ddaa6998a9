/**
 * Sessions on older revisions (2024-11-05, 2025-03-26, 2025-06-18): the client negotiates down to
 * them, and what the negotiated revision lacks is refused locally, with a clear error, before it
 * reaches a server that would answer it oddly; server requests the revision lacks are refused.
 * spec: 2025-11-25/pages/basic/lifecycle.mdx (Version Negotiation); the changelogs of 2025-03-26, 2025-06-18, 2025-11-25
 */
import { UnsupportedInEraError } from '@mcpkit/client';
import { afterEach, describe, expect, it } from 'vitest';
import { LegacyClient, UnsupportedInRevisionError } from '../../src/index.js';
import { INITIALIZE_RESULT, scriptedPeer } from './fixtures/scripted-peer.js';

const clients: LegacyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

/** A client whose server settles on `version`. */
function at(version: string, warnings: string[] = []) {
  const { transport, peer } = scriptedPeer({
    initialize: (message, server) =>
      server.result(message, { ...INITIALIZE_RESULT, protocolVersion: version, capabilities: { ...INITIALIZE_RESULT.capabilities, completions: {} } }),
    'completion/complete': (message, server) => server.result(message, { completion: { values: ['x'] } }),
  });
  const client = new LegacyClient(transport, {
    onWarning: (message) => warnings.push(message),
    handlers: { elicitation: { form: () => ({ action: 'accept', content: {} }), url: () => ({ action: 'accept' }) } },
  });
  clients.push(client);
  return { client, peer };
}

describe('older revisions', () => {
  it('negotiates down to 2024-11-05 when that is what the server speaks', async () => {
    const { client } = at('2024-11-05');
    await client.initialize();
    expect(client.protocolVersion).toBe('2024-11-05');
  });

  it('refuses tasks/* before 2025-11-25 and completion context before 2025-06-18 locally, sending nothing', async () => {
    const { client, peer } = at('2025-03-26');
    await client.initialize();
    const sent = peer.received.length;
    const tasks = client.request('tasks/list', {});
    await expect(tasks).rejects.toBeInstanceOf(UnsupportedInRevisionError);
    await expect(tasks).rejects.toBeInstanceOf(UnsupportedInEraError);
    await expect(tasks).rejects.toThrow('tasks/list needs MCP 2025-11-25 or later; this session negotiated 2025-03-26, so nothing was sent');
    const ref = { type: 'ref/prompt' as const, name: 'p' };
    await expect(client.complete({ ref, argument: { name: 'a', value: 'v' }, context: { arguments: { b: '1' } } })).rejects.toMatchObject({
      since: '2025-06-18',
    });
    expect(peer.received.length).toBe(sent);
    // Without what the revision lacks, the same request goes out and is answered.
    expect((await client.complete({ ref, argument: { name: 'a', value: 'v' } })).completion.values).toEqual(['x']);
  });

  it('answers a server elicitation before 2025-06-18 with -32601, and URL mode before 2025-11-25 with -32602, and says so', async () => {
    const warnings: string[] = [];
    const { client, peer } = at('2025-03-26', warnings);
    await client.initialize();
    peer.send({ jsonrpc: '2.0', id: 'e1', method: 'elicitation/create', params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } } });
    expect(await peer.response('e1')).toMatchObject({ error: { code: -32601, message: 'Method not found: elicitation/create is not part of MCP 2025-03-26' } });
    expect(warnings.at(-1)).toMatch(/Refused the server's elicitation\/create: the session negotiated MCP 2025-03-26/);

    const newer = at('2025-06-18');
    await newer.client.initialize();
    newer.peer.send({
      jsonrpc: '2.0',
      id: 'e2',
      method: 'elicitation/create',
      params: { mode: 'url', message: 'Sign in', url: 'https://example.com/x', elicitationId: 'x1' },
    });
    expect(await newer.peer.response('e2')).toMatchObject({ error: { code: -32602, message: 'URL-mode elicitation is not part of MCP 2025-06-18' } });
    newer.peer.send({
      jsonrpc: '2.0',
      id: 'e3',
      method: 'elicitation/create',
      params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } },
    });
    expect(await newer.peer.response('e3')).toMatchObject({ result: { action: 'accept' } });
  });
});
