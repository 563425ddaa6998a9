import { ResponseError } from '@mcpkit/jsonrpc';
import { afterEach, describe, expect, it } from 'vitest';
import { ProtocolError, type ModernClient } from '../src/index.js';
import { cacheable, connect, FakeServer } from './helpers/fake-server.js';

// spec: 2026-07-28/pages/server/utilities/pagination.mdx

let client: ModernClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

/** Pages of `size` items; cursors are the next start index, except that the second page's cursor is "". */
function paged(method: string, key: string, total: number, size: number, ttlMs = 0): FakeServer {
  const cursors = new Map<string, number>([['', size]]);
  return new FakeServer({
    [method]: (params) => {
      const start = params.cursor === undefined ? 0 : cursors.get(params.cursor);
      if (start === undefined) throw new ResponseError(-32602, 'Invalid cursor');
      const items = Array.from({ length: Math.min(size, total - start) }, (_, i) =>
        key === 'resourceTemplates'
          ? { name: `n${start + i}`, uriTemplate: `mem://{x}/${start + i}` }
          : key === 'resources'
            ? { name: `n${start + i}`, uri: `mem://r/${start + i}` }
            : key === 'tools'
              ? { name: `n${start + i}`, inputSchema: { type: 'object' } }
              : { name: `n${start + i}` },
      );
      const end = start + items.length;
      let nextCursor: string | undefined;
      if (end < total) {
        nextCursor = start === 0 ? '' : `c${end}`;
        cursors.set(nextCursor, end);
      }
      return cacheable({ [key]: items, ...(nextCursor === undefined ? {} : { nextCursor }) }, ttlMs);
    },
  });
}

describe('list iterators', () => {
  it('walks every page; an empty-string cursor continues the list', async () => {
    const server = paged('tools/list', 'tools', 25, 10);
    ({ client } = connect(server));
    const names: string[] = [];
    for await (const tool of client.iterateTools()) names.push(tool.name);
    expect(names).toEqual(Array.from({ length: 25 }, (_, i) => `n${i}`));
    expect(server.received('tools/list').map((r) => r.params?.cursor)).toEqual([undefined, '', 'c20']);
  });

  it.each([
    ['iteratePrompts', 'prompts/list', 'prompts'],
    ['iterateResources', 'resources/list', 'resources'],
    ['iterateResourceTemplates', 'resources/templates/list', 'resourceTemplates'],
  ] as const)('%s walks %s', async (iterate, method, key) => {
    ({ client } = connect(paged(method, key, 7, 3)));
    const names: string[] = [];
    for await (const item of client[iterate]()) names.push(item.name);
    expect(names).toHaveLength(7);
  });

  it('stops fetching when the caller stops iterating', async () => {
    const server = paged('tools/list', 'tools', 1_000, 10);
    ({ client } = connect(server));
    for await (const tool of client.iterateTools()) if (tool.name === 'n12') break;
    expect(server.received('tools/list')).toHaveLength(2);
  });

  it('ends a walk whose server hands out the same cursor again', async () => {
    const server = new FakeServer({ 'prompts/list': () => cacheable({ prompts: [{ name: 'p' }], nextCursor: 'same' }) });
    ({ client } = connect(server));
    const seen: string[] = [];
    const error = await (async () => {
      for await (const prompt of client!.iteratePrompts()) seen.push(prompt.name);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as Error).message).toMatch(/cursor "same" twice/);
    expect(seen).toEqual(['p', 'p']);
  });

  // spec: 2026-07-28/pages/server/utilities/caching.mdx ("If a cursor becomes invalid ... discard all cached pages")
  it('drops every cached page of a list when the server rejects a cursor', async () => {
    let valid = true;
    const server = new FakeServer({
      'tools/list': (params) => {
        if (params.cursor !== undefined && !valid) throw new ResponseError(-32602, 'Invalid cursor');
        return cacheable(
          { tools: [{ name: params.cursor ?? 'first', inputSchema: { type: 'object' } }], ...(params.cursor === undefined ? { nextCursor: 'next' } : {}) },
          60_000,
        );
      },
    });
    ({ client } = connect(server));
    const all = async (): Promise<string[]> => {
      const names: string[] = [];
      for await (const tool of client!.iterateTools()) names.push(tool.name);
      return names;
    };
    expect(await all()).toEqual(['first', 'next']);
    expect(await all()).toEqual(['first', 'next']);
    expect(server.received('tools/list')).toHaveLength(2);
    valid = false;
    await expect(client.listTools({ cursor: 'next' }, { cache: 'reload' })).rejects.toMatchObject({ code: -32602 });
    valid = true;
    expect(await all()).toEqual(['first', 'next']);
    // After the rejected cursor, the first page was fetched again too, not served from the cache.
    expect(server.received('tools/list').map((r) => r.params?.cursor)).toEqual([undefined, 'next', 'next', undefined, 'next']);
  });
});
