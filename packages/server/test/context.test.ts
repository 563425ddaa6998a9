import { describe, expect, it } from 'vitest';
import { createServer, tool, type RequestContext } from '../src/index.js';
import { meta, quiet, result, send, TestContext } from './helpers.js';

let seen: RequestContext | undefined;
let release: (() => void) | undefined;
const server = createServer({
  info: { name: 'ctx', version: '1' },
  tools: [
    tool({
      name: 'work',
      handler: async (_args, ctx) => {
        await ctx.progress(0, 100);
        await ctx.progress(50, 100, 'halfway');
        await ctx.log('debug', 'fine detail');
        await ctx.log('info', { step: 'processing' }, 'worker');
        await ctx.log('error', 'something failed');
        await ctx.progress(100, 100);
        return { content: [{ type: 'text', text: 'done' }] };
      },
    }),
    tool({
      name: 'backwards',
      handler: async (_a, ctx) => {
        await ctx.progress(5);
        await ctx.progress(5);
        return { content: [] };
      },
    }),
    tool({
      name: 'remember',
      handler: (_a, ctx) => {
        seen = ctx;
        return { content: [{ type: 'text', text: `${ctx.meta.protocolVersion} ${ctx.meta.clientInfo?.name} ${JSON.stringify(ctx.meta.clientCapabilities)}` }] };
      },
    }),
    tool({
      name: 'slow',
      handler: (_a, ctx) =>
        new Promise((resolve) => {
          release = () => resolve({ content: [{ type: 'text', text: 'late' }] });
          ctx.signal.addEventListener('abort', () => resolve({ content: [{ type: 'text', text: 'stopped' }] }));
        }),
    }),
  ],
  ...quiet,
});

describe('handler context', () => {
  // spec: 2026-07-28/pages/basic/patterns/progress.mdx
  it('sends progress only for a request that carried a progressToken, keeping the token type', async () => {
    const context = new TestContext();
    await result(server, 'tools/call', { name: 'work' }, { context, meta: meta({}, { progressToken: 7 }) });
    const progress = context.notifications.filter((n) => n.method === 'notifications/progress').map((n) => n.params);
    expect(progress).toEqual([
      { progressToken: 7, progress: 0, total: 100 },
      { progressToken: 7, progress: 50, total: 100, message: 'halfway' },
      { progressToken: 7, progress: 100, total: 100 },
    ]);
    const silent = new TestContext();
    await result(server, 'tools/call', { name: 'work' }, { context: silent });
    expect(silent.notifications).toEqual([]);
  });

  it('refuses progress that does not increase', async () => {
    const res = await result(server, 'tools/call', { name: 'backwards' }, { context: new TestContext(), meta: meta({}, { progressToken: 'p' }) });
    expect(res).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('progress must increase') }] });
  });

  // spec: 2026-07-28/pages/server/utilities/logging.mdx ("MUST NOT emit notifications/message for a request that does not include" logLevel)
  it('logs only when the request opted in, at or above its level', async () => {
    const context = new TestContext();
    await result(server, 'tools/call', { name: 'work' }, { context, meta: meta({}, { 'io.modelcontextprotocol/logLevel': 'info' }) });
    expect(context.notifications.filter((n) => n.method === 'notifications/message').map((n) => n.params)).toEqual([
      { level: 'info', data: { step: 'processing' }, logger: 'worker' },
      { level: 'error', data: 'something failed' },
    ]);
    const quietRequest = new TestContext();
    await result(server, 'tools/call', { name: 'work' }, { context: quietRequest, meta: meta({}, { progressToken: 1 }) });
    expect(quietRequest.notifications.some((n) => n.method === 'notifications/message')).toBe(false);
  });

  it('sends no log messages when logging is switched off, and does not advertise it', async () => {
    const silent = createServer({ info: { name: 's', version: '1' }, tools: server.registry.tools.items as any, capabilities: { logging: false }, ...quiet });
    const context = new TestContext();
    await result(silent, 'tools/call', { name: 'work' }, { context, meta: meta({}, { 'io.modelcontextprotocol/logLevel': 'debug' }) });
    expect(context.notifications).toEqual([]);
    expect((await result(silent, 'server/discover')).capabilities.logging).toBeUndefined();
  });

  it('hands the handler the request _meta: version, client info and capabilities', async () => {
    const res = await result(server, 'tools/call', { name: 'remember' }, { capabilities: { elicitation: { form: {} } } });
    expect(res.content[0].text).toBe('2026-07-28 test-client {"elicitation":{"form":{}}}');
  });

  it('drops progress and log calls made after the answer', async () => {
    const context = new TestContext();
    await result(server, 'tools/call', { name: 'remember' }, { context, meta: meta({}, { progressToken: 1, 'io.modelcontextprotocol/logLevel': 'debug' }) });
    await seen!.progress(1);
    await seen!.log('info', 'late');
    expect(context.notifications).toEqual([]);
  });

  // spec: 2026-07-28/pages/basic/patterns/cancellation.mdx (a cancelled request gets no response)
  it('answers nothing for a cancelled request and tells the handler through its signal', async () => {
    const context = new TestContext();
    const before = release;
    const pending = send(server, 'tools/call', { name: 'slow' }, { context });
    while (release === before) await new Promise((r) => setImmediate(r)); // the handler runs
    context.controller.abort();
    expect(await pending).toBeNull();
    release?.();
  });
});
