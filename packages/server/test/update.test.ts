import { describe, expect, it } from 'vitest';
import { createServer, tool, prompt } from '../src/index.js';
import { failure, quiet, result } from './helpers.js';

const handler = () => ({ content: [] });

describe('server.update', () => {
  it('swaps the registry atomically and reports what changed', async () => {
    const server = createServer({ info: { name: 'u', version: '1' }, tools: [tool({ name: 'a', handler })], ...quiet });
    const seen: string[] = [];
    await server.events.subscribe((event) => seen.push(event.type));
    const changes = await server.update((draft) => draft.addTool(tool({ name: 'b', handler })));
    expect(changes).toEqual({ tools: true, prompts: false, resources: false });
    expect((await result(server, 'tools/list')).tools.map((t: any) => t.name)).toEqual(['a', 'b']);
    expect(seen).toEqual(['tools/list_changed']);
  });

  it('keeps the current registry when the edit is invalid', async () => {
    const server = createServer({ info: { name: 'u', version: '1' }, tools: [tool({ name: 'a', handler })], ...quiet });
    await expect(server.update((draft) => draft.addTool(tool({ name: 'a', handler })))).rejects.toThrow(/already registered/);
    expect((await result(server, 'tools/list')).tools).toHaveLength(1);
  });

  it('advertises a capability once its first item is registered', async () => {
    const server = createServer({ info: { name: 'u', version: '1' }, ...quiet });
    expect((await failure(server, 'prompts/list')).code).toBe(-32601);
    await server.update((draft) => draft.addPrompt(prompt({ name: 'p', handler: () => ({ messages: [] }) })));
    expect((await result(server, 'server/discover')).capabilities.prompts).toEqual({ listChanged: true });
    expect((await result(server, 'prompts/list')).prompts).toHaveLength(1);
  });

  it('replaces an item in place with set*', async () => {
    const server = createServer({ info: { name: 'u', version: '1' }, tools: [tool({ name: 'a', handler }), tool({ name: 'b', handler })], ...quiet });
    await server.update((draft) => draft.setTool(tool({ name: 'a', description: 'new', handler })));
    expect((await result(server, 'tools/list')).tools.map((t: any) => [t.name, t.description])).toEqual([
      ['a', 'new'],
      ['b', undefined],
    ]);
  });

  it('keeps a capability advertised when forced, even while empty', async () => {
    const server = createServer({ info: { name: 'u', version: '1' }, capabilities: { tools: { listChanged: true }, logging: false }, ...quiet });
    expect((await result(server, 'server/discover')).capabilities).toEqual({ tools: { listChanged: true } });
    expect((await result(server, 'tools/list')).tools).toEqual([]);
  });

  it('lets a request in flight finish on the snapshot it started with', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const server = createServer({
      info: { name: 'u', version: '1' },
      tools: [
        tool({
          name: 'slow',
          handler: async () => {
            await gate;
            return { content: [{ type: 'text', text: 'old' }] };
          },
        }),
      ],
      ...quiet,
    });
    const pending = result(server, 'tools/call', { name: 'slow' });
    await server.update((draft) => draft.removeTool('slow'));
    expect((await failure(server, 'tools/call', { name: 'slow' })).message).toBe('Unknown tool: slow');
    release();
    expect((await pending).content[0].text).toBe('old');
  });
});
