import type { PendingRequest } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import type { CallToolResult, ProgressNotificationParams, Tool, Validator } from '@mcpkit/schema';
import { OutputSchemaError, ProtocolError } from '../src/index.js';
import { compileOutputSchema, filterAllows, NotificationQueue, ProgressRouter, ToolOutputChecker, walkList, walkPages } from '../src/internal.js';

/**
 * The helpers `@mcpkit/client` exports for another era's client (the legacy session client uses
 * them as they are), exercised through their public API.
 */

describe('ToolOutputChecker', () => {
  // spec: 2026-07-28/pages/server/tools.mdx ("Output Schema")
  const tool: Tool = {
    name: 'weather',
    inputSchema: { type: 'object' },
    outputSchema: { type: 'object', properties: { c: { type: 'number' } }, required: ['c'] },
  };
  const result = (structuredContent: unknown): CallToolResult => ({ resultType: 'complete', content: [], structuredContent }) as CallToolResult;

  it('checks only tools it learned, and forgets them on clear', async () => {
    const outputs = new ToolOutputChecker(() => compileOutputSchema);
    expect(outputs.check('weather', result({ c: 'x' }))).toBeUndefined();
    outputs.learn([tool]);
    await expect(outputs.check('weather', result({ c: 'x' }))).rejects.toBeInstanceOf(OutputSchemaError);
    expect(outputs.check('weather', result({ c: 1 }))).toBeUndefined(); // compiled now: synchronous
    expect(() => outputs.check('weather', result(undefined))).toThrow(/no structuredContent/);
    expect(outputs.check('weather', { resultType: 'complete', content: [], isError: true } as CallToolResult)).toBeUndefined();
    outputs.clear();
    expect(outputs.check('weather', result({ c: 'x' }))).toBeUndefined();
  });
});

describe('filterAllows', () => {
  // spec: 2026-07-28/pages/basic/patterns/subscriptions.mdx
  it('covers the granted list flags and subscribed URIs with their sub-resources, nothing else', () => {
    const granted = { toolsListChanged: true, resourceSubscriptions: ['file:///a', 'mem://dir/'] };
    const updated = (uri: unknown) => ({ method: 'notifications/resources/updated', params: { uri } });
    expect(filterAllows(granted, { method: 'notifications/tools/list_changed' })).toBe(true);
    expect(filterAllows(granted, { method: 'notifications/prompts/list_changed' })).toBe(false);
    expect(['file:///a', 'file:///a/b', 'file:///a#x', 'file:///a?q', 'mem://dir/x'].map((uri) => filterAllows(granted, updated(uri)))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['file:///ab', 'mem://other', 7].map((uri) => filterAllows(granted, updated(uri)))).toEqual([false, false, false]);
    expect(filterAllows(granted, { method: 'notifications/message', params: {} })).toBe(false);
  });
});

describe('walkPages', () => {
  // spec: 2026-07-28/pages/server/utilities/pagination.mdx (only a missing nextCursor ends the list)
  it('walks until nextCursor is missing ("" is a real cursor) and stops on a repeated cursor', async () => {
    const pages: Record<string, { items: number[]; nextCursor: string | undefined }> = {
      start: { items: [1], nextCursor: '' },
      '': { items: [2], nextCursor: 'b' },
      b: { items: [3], nextCursor: undefined },
    };
    const seen: number[] = [];
    for await (const item of walkPages('tools/list', async (cursor) => pages[cursor ?? 'start']!)) seen.push(item);
    expect(seen).toEqual([1, 2, 3]);
    const looping = walkPages('tools/list', async () => ({ items: [0], nextCursor: 'same' }));
    await expect(
      (async () => {
        for await (const _ of looping);
      })(),
    ).rejects.toBeInstanceOf(ProtocolError);
  });
});

describe('walkList', () => {
  it('asks for the first page without params, then with { cursor }', async () => {
    const asked: unknown[] = [];
    const list = async (params: { cursor: string } | undefined) => {
      asked.push(params);
      return params === undefined ? { tools: ['a', 'b'], nextCursor: '' } : { tools: ['c'] };
    };
    const names: string[] = [];
    for await (const name of walkList('tools/list', list, (page) => page.tools)) names.push(name);
    expect(names).toEqual(['a', 'b', 'c']);
    expect(asked).toEqual([undefined, { cursor: '' }]);
  });
});

describe('NotificationQueue', () => {
  it('hands items to a waiting reader first, keeps the rest in order, and is done after end()', async () => {
    const queue = new NotificationQueue<number>(() => undefined);
    const waiting = queue.next();
    queue.push(1);
    queue.push(2);
    queue.push(3);
    await expect(waiting).resolves.toEqual({ value: 1, done: false });
    queue.end();
    queue.push(4);
    expect(queue.ended).toBe(true);
    expect(await queue.next()).toEqual({ value: 2, done: false });
    expect(await queue.next()).toEqual({ value: 3, done: false });
    expect(await queue.next()).toEqual({ value: undefined, done: true });
  });

  it('fails a waiting reader at once, or the first read after the unread items, then is done', async () => {
    const waiting = new NotificationQueue<number>(() => undefined);
    const pending = waiting.next();
    waiting.fail(new Error('gone'));
    await expect(pending).rejects.toThrow('gone');
    const queue = new NotificationQueue<number>(() => undefined);
    queue.push(1);
    queue.fail(new Error('gone'));
    expect(await queue.next()).toEqual({ value: 1, done: false });
    await expect(queue.next()).rejects.toThrow('gone');
    expect(await queue.next()).toEqual({ value: undefined, done: true });
  });

  it('drops the oldest unread item beyond its bound, with a warning, and clear() drops them all', async () => {
    const warnings: string[] = [];
    const queue = new NotificationQueue<number>((m) => warnings.push(m), 2);
    for (const n of [1, 2, 3]) queue.push(n);
    expect(warnings).toEqual(['A listen stream buffered 2 notifications nobody read; dropped the oldest']);
    expect(await queue.next()).toEqual({ value: 2, done: false });
    queue.clear();
    queue.end();
    expect(await queue.next()).toEqual({ value: undefined, done: true });
  });
});

describe('ProgressRouter', () => {
  // spec: 2026-07-28/pages/basic/patterns/progress.mdx (progress increases; unknown tokens are ignored)
  it('routes increasing progress to the token that asked, with the validator it was given', () => {
    const warnings: string[] = [];
    let validated = 0;
    const validate = ((value: unknown) => {
      validated++;
      return typeof (value as { progress?: unknown }).progress === 'number';
    }) as Validator<ProgressNotificationParams>;
    const router = new ProgressRouter(
      (m) => warnings.push(m),
      () => undefined,
      validate,
    );
    const got: number[] = [];
    let touched = 0;
    const token = router.open((p) => got.push(p.progress));
    router.attach(token, { touch: () => void touched++ } as unknown as PendingRequest<unknown>);
    for (const progress of [1, 1, 2]) router.deliver({ progressToken: token, progress });
    router.deliver({ progressToken: 'other', progress: 5 });
    router.deliver({ progressToken: token });
    router.close(token);
    router.deliver({ progressToken: token, progress: 9 });
    expect(got).toEqual([1, 2]);
    expect(touched).toBe(2);
    expect(validated).toBe(6);
    expect(warnings).toEqual([expect.stringMatching(/did not increase/), 'Ignored a malformed notifications/progress']);
  });
});
