/** scopeChallenge: the authorize hook that turns per-operation scopes into a step-up challenge. */
import { describe, expect, it } from 'vitest';
import { parseWwwAuthenticate } from '../src/index.js';
import { AuthError, scopeChallenge, type RequiredScopesSource } from '../src/server.js';

const RESOURCE = 'https://mcp.example.com/mcp';
const METADATA = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';
// What McpServer.requiredScopes answers for a server with a read and a write tool.
const notes: RequiredScopesSource = {
  requiredScopes: (method, params) =>
    method === 'tools/call'
      ? ({ read_notes: ['notes:read'], write_note: ['notes:write'], admin: ['notes:write', 'notes:admin'] } as Record<string, string[]>)[String(params?.name)]
      : undefined,
};
const call = (name: string, id: number | string = 1) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } });
const reader = { subject: 'alice', scopes: ['notes:read'] };

function challenge(response: Response | undefined) {
  expect(response).toBeInstanceOf(Response);
  return { status: response!.status, params: parseWwwAuthenticate(response!.headers.get('www-authenticate'))[0]!.params };
}

// spec: 2026-07-28/pages/basic/authorization/index.mdx "Runtime Insufficient Scope Errors".
describe('scopeChallenge', () => {
  const authorize = scopeChallenge({ resource: RESOURCE, scopes: notes });

  it("answers 403 insufficient_scope naming the operation's scopes and the metadata URL", () => {
    const { status, params } = challenge(authorize(reader, call('write_note')));
    expect(status).toBe(403);
    expect(params).toEqual({ error: 'insufficient_scope', error_description: 'Missing scope: notes:write', scope: 'notes:write', resource_metadata: METADATA });
  });

  it('names every scope the operation needs at once, not only the missing one', () => {
    const { params } = challenge(authorize(reader, call('admin')));
    expect(params.scope).toBe('notes:write notes:admin');
    expect(challenge(scopeChallenge({ resource: RESOURCE, scopes: notes, baseScopes: ['mcp'] })(reader, call('admin'))).params.scope).toBe(
      'mcp notes:write notes:admin',
    );
  });

  it('lets through a caller holding the scopes, operations that need none, notifications and responses', () => {
    expect(authorize(reader, call('read_notes'))).toBeUndefined();
    expect(authorize({ subject: 'bob', scopes: ['notes:read', 'notes:write'] }, call('write_note'))).toBeUndefined();
    expect(authorize(reader, { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} })).toBeUndefined();
    expect(authorize(reader, call('unknown_tool'))).toBeUndefined(); // dispatch answers -32602 for it
    expect(authorize(reader, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { name: 'write_note' } })).toBeUndefined();
    expect(authorize(reader, { jsonrpc: '2.0', id: 3, result: {} })).toBeUndefined();
  });

  it('answers 401 naming the scopes when there is no caller, and treats a principal without scopes as holding none', () => {
    const anonymous = challenge(authorize(undefined, call('read_notes')));
    expect(anonymous).toEqual({ status: 401, params: { scope: 'notes:read', resource_metadata: METADATA } });
    expect(challenge(authorize({ subject: 'carol' }, call('read_notes'))).status).toBe(403);
  });

  it('takes a plain function and an explicit metadata URL', () => {
    const custom = scopeChallenge({
      resourceMetadataUrl: 'https://mcp.example.com/prm',
      scopes: (method) => (method === 'prompts/get' ? ['prompts'] : undefined),
      realm: 'notes',
    });
    const { params } = challenge(custom(reader, { jsonrpc: '2.0', id: 1, method: 'prompts/get', params: { name: 'p' } }));
    expect(params).toMatchObject({ realm: 'notes', scope: 'prompts', resource_metadata: 'https://mcp.example.com/prm' });
  });

  it('refuses unusable options at construction', () => {
    expect(() => scopeChallenge({ scopes: notes })).toThrow(AuthError);
    expect(() => scopeChallenge({ resource: RESOURCE, scopes: {} as RequiredScopesSource })).toThrow(/requiredScopes/);
  });
});
