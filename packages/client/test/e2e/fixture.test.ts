import type { MessageTransport } from '@mcpkit/jsonrpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CancelledError, ModernClient, TimeoutError, type WireEvent } from '../../src/index.js';
import { eventually, httpTransport, SERVERS, startHttpServer, stdioTransport, type HttpServerProcess } from './processes.js';

/**
 * The client against a @mcpkit/server fixture in a separate process: 1,000 tools over many pages,
 * and cancellation and timeouts that the server itself observes.
 */
describe.each(['stdio', 'http'] as const)('fixture server over %s', (kind) => {
  let http: HttpServerProcess | undefined;
  let client: ModernClient | undefined;
  const wire: WireEvent[] = [];

  beforeAll(async () => {
    if (kind === 'http') http = await startHttpServer(SERVERS.fixture, ['http']);
    const transport: MessageTransport = kind === 'stdio' ? stdioTransport(SERVERS.fixture, ['stdio']) : httpTransport(http!.endpoint);
    client = new ModernClient(transport, { trace: (e) => wire.push(e), onWarning: () => undefined });
  });
  afterAll(async () => {
    await client?.close();
    await http?.stop();
  });

  const cancellations = async (): Promise<string[]> => {
    const result = await client!.callTool({ name: 'cancellations' });
    return JSON.parse((result.content[0] as { text: string }).text) as string[];
  };

  // spec: 2026-07-28/pages/server/utilities/pagination.mdx
  it('walks 1,000 tools over every page', async () => {
    const names: string[] = [];
    for await (const tool of client!.iterateTools({ cache: 'no-store' })) names.push(tool.name);
    expect(names).toHaveLength(1002);
    expect(names.slice(0, 1000)).toEqual(Array.from({ length: 1000 }, (_, i) => `item-${String(i).padStart(4, '0')}`));
    const pages = wire.filter((e) => e.direction === 'send' && 'method' in e.message && e.message.method === 'tools/list');
    expect(pages).toHaveLength(Math.ceil(1002 / 37));
  });

  // spec: 2026-07-28/pages/basic/patterns/cancellation.mdx ("Transport-Specific Cancellation")
  it('cancels a call; the server sees the cancellation', async () => {
    const controller = new AbortController();
    // The server's first progress says it is working on the call: cancel then.
    const call = client!.callTool(
      { name: 'slow', arguments: { tag: `abort-${kind}` } },
      { signal: controller.signal, onProgress: () => controller.abort('stop') },
    );
    await expect(call).rejects.toBeInstanceOf(CancelledError);
    await eventually(async () => expect(await cancellations()).toContain(`abort-${kind}`));
    const cancelNotes = wire.filter((e) => e.direction === 'send' && 'method' in e.message && e.message.method === 'notifications/cancelled');
    expect(cancelNotes).toHaveLength(kind === 'stdio' ? 1 : 0);
  });

  it('times out a call; the server sees the cancellation and the client stays usable', async () => {
    const error = await client!.callTool({ name: 'slow', arguments: { tag: `timeout-${kind}` } }, { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    await eventually(async () => expect(await cancellations()).toContain(`timeout-${kind}`));
    await expect(client!.callTool({ name: 'item-0042' })).resolves.toMatchObject({ content: [{ text: 'item-0042' }] });
  });
});
