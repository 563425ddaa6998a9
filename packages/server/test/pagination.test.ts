import { describe, expect, it } from 'vitest';
import { createServer, prompt, resourceTemplate, tool, type Principal } from '../src/index.js';
import { failure, quiet, result, TestContext } from './helpers.js';

const handler = () => ({ content: [] });
const tools = Array.from({ length: 7 }, (_, i) => tool({ name: `tool_${i}`, handler }));
const server = createServer({
  info: { name: 'pages', version: '1' },
  tools,
  prompts: [prompt({ name: 'only', handler: () => ({ messages: [] }) })],
  pageSize: { tools: 3 },
  ...quiet,
});

async function all(list: string, field: string, context?: TestContext): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await result(server, list, cursor === undefined ? {} : { cursor }, { context });
    names.push(...res[field].map((t: any) => t.name));
    cursor = res.nextCursor;
  } while (cursor !== undefined);
  return names;
}

// spec: 2026-07-28/pages/server/utilities/pagination.mdx
describe('pagination', () => {
  it('pages through a list in a deterministic order, the last page without nextCursor', async () => {
    const first = await result(server, 'tools/list');
    expect(first.tools.map((t: any) => t.name)).toEqual(['tool_0', 'tool_1', 'tool_2']);
    expect(typeof first.nextCursor).toBe('string');
    expect(await all('tools/list', 'tools')).toEqual(tools.map((t) => t.name));
    // Same list, same order, same cursors.
    expect((await result(server, 'tools/list')).nextCursor).toBe(first.nextCursor);
  });

  // spec: 2026-07-28/pages/server/utilities/caching.mdx ("Servers MUST apply the same cacheScope to all response pages")
  it('gives every page its caching hints and the same scope', async () => {
    const first = await result(server, 'tools/list');
    const second = await result(server, 'tools/list', { cursor: first.nextCursor });
    for (const page of [first, second]) expect(page).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' });
  });

  it('does not paginate a list that fits one page', async () => {
    expect((await result(server, 'prompts/list')).nextCursor).toBeUndefined();
  });

  // spec: 2026-07-28/pages/server/utilities/pagination.mdx ("Invalid cursors SHOULD result in -32602")
  it.each(['garbage!', '', 'WyJ0b29scyJd', btoa('["tools", 3]')])('refuses the invalid cursor %j with -32602', async (cursor) => {
    expect(await failure(server, 'tools/list', { cursor })).toMatchObject({ code: -32602, message: 'Invalid cursor' });
  });

  it('refuses a cursor of one list on another list', async () => {
    const { nextCursor } = await result(server, 'tools/list');
    expect((await failure(server, 'prompts/list', { cursor: nextCursor })).code).toBe(-32602);
  });

  it('lets no cursor change the page size the server chose', async () => {
    const { nextCursor } = await result(server, 'tools/list');
    expect((await result(server, 'tools/list', { cursor: nextCursor })).tools).toHaveLength(3);
  });

  it('expires a cursor whose item was removed, and keeps others valid across changes', async () => {
    const changing = createServer({ info: { name: 'c', version: '1' }, tools, pageSize: 2, ...quiet });
    const { nextCursor } = await result(changing, 'tools/list'); // after tool_1
    await changing.update((draft) => draft.removeTool('tool_0'));
    expect((await result(changing, 'tools/list', { cursor: nextCursor })).tools.map((t: any) => t.name)).toEqual(['tool_2', 'tool_3']);
    await changing.update((draft) => draft.removeTool('tool_1'));
    const error = await failure(changing, 'tools/list', { cursor: nextCursor });
    expect(error).toMatchObject({ code: -32602, message: expect.stringContaining('list changed') });
  });
});

// spec: 2026-07-28/pages/server/tools.mdx (the list MAY vary by the authorization presented on the request)
describe('scopes', () => {
  const scoped = createServer({
    info: { name: 's', version: '1' },
    tools: [
      tool({ name: 'public', handler: () => ({ content: [{ type: 'text', text: 'ok' }] }) }),
      tool({ name: 'admin', scopes: ['admin'], handler: () => ({ content: [{ type: 'text', text: 'admin ok' }] }) }),
      tool({ name: 'reports', scopes: ['reports:read'], handler: () => ({ content: [] }) }),
    ],
    pageSize: 1,
    ...quiet,
  });
  const user: Principal = { subject: 'u1', issuer: 'https://as.example', scopes: ['reports:read'] };

  it('lists only the tools the principal may use, page by page, as private', async () => {
    const context = new TestContext({ principal: user });
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await result(scoped, 'tools/list', cursor === undefined ? {} : { cursor }, { context });
      expect(res.cacheScope).toBe('private');
      names.push(...res.tools.map((t: any) => t.name));
      cursor = res.nextCursor;
    } while (cursor !== undefined);
    expect(names).toEqual(['public', 'reports']);
  });

  it('filters nothing without a principal (stdio takes credentials from the environment)', async () => {
    expect((await result(scoped, 'tools/list', {}, {})).cacheScope).toBe('private');
    const names = [];
    let cursor: string | undefined;
    do {
      const res = await result(scoped, 'tools/list', cursor === undefined ? {} : { cursor });
      names.push(...res.tools.map((t: any) => t.name));
      cursor = res.nextCursor;
    } while (cursor !== undefined);
    expect(names).toEqual(['public', 'admin', 'reports']);
  });

  it('refuses a call the principal lacks scopes for, naming them', async () => {
    const error = await failure(scoped, 'tools/call', { name: 'admin' }, { context: new TestContext({ principal: user }) });
    expect(error).toMatchObject({ code: -32602, data: { requiredScopes: ['admin'] } });
    const admin = new TestContext({ principal: { subject: 'root', scopes: ['admin'] } });
    expect((await result(scoped, 'tools/call', { name: 'admin' }, { context: admin })).content[0].text).toBe('admin ok');
  });

  it('tells an authorization layer the scopes a request needs before dispatch', () => {
    expect(scoped.requiredScopes('tools/call', { name: 'admin' })).toEqual(['admin']);
    expect(scoped.requiredScopes('tools/call', { name: 'public' })).toBeUndefined();
    expect(scoped.requiredScopes('tools/list', {})).toBeUndefined();
  });

  it('names the scopes of the prompt or template a completion is for, as dispatch enforces them', async () => {
    const completing = createServer({
      info: { name: 'c', version: '1' },
      prompts: [
        prompt({ name: 'review', scopes: ['code:read'], arguments: [{ name: 'lang' }], complete: { lang: () => ['ts'] }, handler: () => ({ messages: [] }) }),
      ],
      resourceTemplates: [
        resourceTemplate({
          uriTemplate: 'repo://{name}',
          name: 'repo',
          scopes: ['repo:read'],
          complete: { name: () => ['mcpkit'] },
          read: () => ({ contents: [] }),
        }),
      ],
      ...quiet,
    });
    const forPrompt = { ref: { type: 'ref/prompt', name: 'review' }, argument: { name: 'lang', value: 't' } };
    const forTemplate = { ref: { type: 'ref/resource', uri: 'repo://{name}' }, argument: { name: 'name', value: 'm' } };
    expect(completing.requiredScopes('completion/complete', forPrompt)).toEqual(['code:read']);
    expect(completing.requiredScopes('completion/complete', forTemplate)).toEqual(['repo:read']);
    expect(completing.requiredScopes('completion/complete', { ref: { type: 'ref/prompt', name: 'nope' } })).toBeUndefined();
    const context = new TestContext({ principal: user });
    expect(await failure(completing, 'completion/complete', forPrompt, { context })).toMatchObject({ code: -32602, data: { requiredScopes: ['code:read'] } });
    expect(await failure(completing, 'completion/complete', forTemplate, { context })).toMatchObject({ code: -32602, data: { requiredScopes: ['repo:read'] } });
  });
});
