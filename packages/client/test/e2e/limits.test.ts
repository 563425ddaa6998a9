import { HttpError, ContentTooLargeError } from '@mcpkit/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModernClient } from '../../src/index.js';
import { httpTransport, SERVERS, startHttpServer, type HttpServerProcess } from './processes.js';

/**
 * What the client makes of a server's limits (issue 15), against examples/everything in its own
 * process over 127.0.0.1 with one listen stream allowed: a refused listen and a refused message are
 * clear errors, not a hang or "fetch failed".
 */
describe("the server's limits, seen by the client", () => {
  let http: HttpServerProcess;
  const clients: ModernClient[] = [];
  beforeAll(async () => {
    http = await startHttpServer(SERVERS.everythingHttp, [JSON.stringify({ limits: { maxListenStreams: 1 } })]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await http.stop();
  });
  const connect = () => {
    const client = new ModernClient(httpTransport(http.endpoint), { onWarning: () => undefined });
    clients.push(client);
    return client;
  };

  it('fails a listen the server has no room for with its 503, naming the limit; reconnect gets in once room is made', async () => {
    const first = connect().listen({ toolsListChanged: true });
    await first.acknowledged;
    const refused = connect().listen({ toolsListChanged: true });
    const error = await refused.acknowledged.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(503);
    expect((error as HttpError).message).toMatch(/1 listen streams are open, the most it serves; listen again later/);
    expect((error as HttpError).rpcError?.data).toMatchObject({ limit: 'maxListenStreams', max: 1 });
    await expect(refused.next()).rejects.toBe(error);

    const patient = connect().listen({ toolsListChanged: true }, { reconnect: { initialDelayMs: 20, maxDelayMs: 50, maxAttempts: 1000 } });
    first.close();
    await expect(patient.acknowledged).resolves.toMatchObject({ granted: { toolsListChanged: true } });
    patient.close();
  });

  it("reports a message over the server's body limit as ContentTooLargeError, and goes on", async () => {
    const client = connect();
    const error = await client.callTool({ name: 'echo', arguments: { text: 'x'.repeat(5 * 1024 * 1024) } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentTooLargeError);
    expect((error as ContentTooLargeError).maxBytes).toBe(4 * 1024 * 1024);
    expect((error as Error).message).toMatch(/the server accepts at most 4194304/);
    expect(await client.callTool({ name: 'echo', arguments: { text: 'small' } })).toMatchObject({ content: [{ text: 'small' }] });
  });
});
