// The extension mechanism of @mcpkit/server: what a third-party extension can do through
// `createServer({ extensions })` alone.
// spec: 2026-07-28/pages/basic/versioning.mdx ("Extensions"), basic/patterns/subscriptions.mdx
import { describe, expect, it, vi } from 'vitest';
import { createServer, resource, tool } from '../src/index.js';
import { extensionResult, type ExtensionHost, type ServerExtension } from '../src/extension-api.js';
import { failure, quiet, result, send, TestContext } from './helpers.js';

const ID = 'com.example/notes';
const SUB = 'io.modelcontextprotocol/subscriptionId';
const isNoteParams = Object.assign((p: unknown) => typeof (p as { note?: unknown })?.note === 'string', {
  errors: [{ instancePath: '/note', message: 'must be string', keyword: 'type', params: {} }],
});

function notesExtension(captured: { host?: ExtensionHost } = {}): ServerExtension {
  return {
    id: ID,
    settings: { maxNotes: 3 },
    methods: {
      'notes/get': {
        validate: isNoteParams,
        requiresClientExtension: true,
        nameSource: 'note',
        handle: (params, ctx) => ({ note: params.note, declared: ctx.clientExtension(ID) ?? null }),
      },
    },
    listen: { filterKey: 'noteIds', requiresClientExtension: true, grant: (topics) => topics.filter((t) => t !== 'secret') },
    resultTypes: { 'tools/call': ['note'] },
    resources: [resource({ uri: 'notes://index', name: 'index', read: () => ({ contents: [{ text: 'all notes' }] }) })],
    attach: (host) => {
      captured.host = host;
    },
  };
}

const declaring = { extensions: { [ID]: { v: 1 } } };

describe('server extensions', () => {
  it('advertises each extension with its settings in capabilities.extensions', async () => {
    const server = createServer({
      info: { name: 's', version: '1' },
      extensions: [notesExtension()],
      capabilities: { extensions: { 'com.other/x': {} } },
      ...quiet,
    });
    const discovered = await result(server, 'server/discover');
    expect(discovered.capabilities.extensions).toEqual({ 'com.other/x': {}, [ID]: { maxNotes: 3 } });
  });

  it('serves an extension method: -32021 naming the extension for a client that did not declare it, -32602 for bad params', async () => {
    const server = createServer({ info: { name: 's', version: '1' }, extensions: [notesExtension()], ...quiet });
    const refused = await failure(server, 'notes/get', { note: 'a' });
    expect(refused.code).toBe(-32021);
    expect(refused.data).toEqual({ requiredCapabilities: { extensions: { [ID]: {} } } });
    // The gate comes before the params check.
    expect((await failure(server, 'notes/get', { note: 7 })).code).toBe(-32021);
    const bad = await failure(server, 'notes/get', { note: 7 }, { capabilities: declaring });
    expect(bad.code).toBe(-32602);
    expect(bad.message).toContain('notes/get');
    const ok = await result(server, 'notes/get', { note: 'a' }, { capabilities: declaring });
    expect(ok).toEqual({ resultType: 'complete', note: 'a', declared: { v: 1 }, _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } } });
    expect(server.nameSource('notes/get')).toBe('note');
    expect(server.nameSource('tools/call')).toBeUndefined();
  });

  it('refuses malformed, duplicate and clashing extensions when the server is made', () => {
    const make = (extensions: ServerExtension[]) => () => createServer({ info: { name: 's', version: '1' }, extensions, ...quiet });
    expect(make([{ id: 'notes' }])).toThrow(/vendor prefix/);
    expect(make([{ id: ID }, { id: ID }])).toThrow(/registered twice/);
    expect(make([{ id: ID, methods: { 'tools/call': { validate: () => true, handle: () => ({}) } } }])).toThrow(/core method/);
    expect(make([{ id: ID, listen: { filterKey: 'toolsListChanged', grant: () => [] } }])).toThrow(/already taken/);
    expect(make([{ id: ID, resultTypes: { 'tools/call': ['input_required'] } }])).toThrow(/belongs to the core/);
  });

  it('lets a tool answer with a resultType its extension declares, and refuses an undeclared one', async () => {
    const onError = vi.fn();
    const server = createServer({
      info: { name: 's', version: '1' },
      extensions: [notesExtension()],
      tools: [
        tool({ name: 'jot', handler: () => extensionResult('note', { noteId: 'n1' }) }),
        tool({ name: 'rogue', handler: () => extensionResult('task', { taskId: 't' }) }),
      ],
      onError,
      onWarning: () => {},
    });
    expect(await result(server, 'tools/call', { name: 'jot' })).toEqual({
      resultType: 'note',
      noteId: 'n1',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } },
    });
    expect((await failure(server, 'tools/call', { name: 'rogue' })).code).toBe(-32603);
    expect(String(onError.mock.calls[0]?.[0])).toContain('no extension of this server declares');
    expect(() => extensionResult('complete', {})).toThrow(/core resultType/);
  });

  it('registers the resources an extension brings', async () => {
    const server = createServer({ info: { name: 's', version: '1' }, extensions: [notesExtension()], ...quiet });
    expect((await result(server, 'resources/list')).resources.map((r: { uri: string }) => r.uri)).toEqual(['notes://index']);
    expect((await result(server, 'resources/read', { uri: 'notes://index' })).contents[0].text).toBe('all notes');
  });

  it('grants listen topics and delivers host.notify only to the streams that follow the topic', async () => {
    const captured: { host?: ExtensionHost } = {};
    const server = createServer({ info: { name: 's', version: '1' }, extensions: [notesExtension(captured)], ...quiet });
    // spec: extensions/tasks/tasks.md ("Task Status Notifications") — the same rule for any topic
    expect((await failure(server, 'subscriptions/listen', { notifications: { noteIds: ['a'] } })).code).toBe(-32021);

    const a = new TestContext();
    const b = new TestContext();
    const pendingA = send(server, 'subscriptions/listen', { notifications: { noteIds: ['a', 'secret'] } }, { context: a, id: 'A', capabilities: declaring });
    const pendingB = send(server, 'subscriptions/listen', { notifications: { noteIds: ['b'] } }, { context: b, id: 'B', capabilities: declaring });
    await a.waitFor(1);
    await b.waitFor(1);
    expect(a.notifications[0]?.params).toEqual({ _meta: { [SUB]: 'A' }, notifications: { noteIds: ['a'] } });

    await captured.host!.notify('a', { method: 'notifications/notes', params: { noteId: 'a', text: 'v1' } });
    await captured.host!.notify('secret', { method: 'notifications/notes', params: { noteId: 'secret' } });
    await a.waitFor(2);
    expect(a.notifications[1]).toEqual({ jsonrpc: '2.0', method: 'notifications/notes', params: { noteId: 'a', text: 'v1', _meta: { [SUB]: 'A' } } });
    expect(b.notifications).toHaveLength(1);
    await server.close();
    expect(await pendingA).toMatchObject({ id: 'A', result: { resultType: 'complete' } });
    expect(await pendingB).toMatchObject({ id: 'B', result: { resultType: 'complete' } });
    expect(a.notifications).toHaveLength(2);
  });

  it('gives an extension request contexts for work outside any request', async () => {
    const captured: { host?: ExtensionHost } = {};
    createServer({ info: { name: 's', version: '1' }, extensions: [notesExtension(captured)], ...quiet });
    const stop = new AbortController();
    const ctx = captured.host!.context({
      requestId: 7,
      method: 'tools/call',
      protocolVersion: '2026-07-28',
      clientCapabilities: declaring,
      principal: { subject: 'alice' },
      signal: stop.signal,
    });
    expect(ctx.clientExtension(ID)).toEqual({ v: 1 });
    expect(ctx.principal?.subject).toBe('alice');
    expect(ctx.transport.name).toBe('detached');
    await ctx.progress(1); // goes nowhere, and does not fail
    stop.abort();
    expect(ctx.signal.aborted).toBe(true);
    expect(captured.host!.info.name).toBe('s');
  });
});
