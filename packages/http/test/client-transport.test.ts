// HttpClientTransport against real servers on 127.0.0.1, alone and under a jsonrpc Connection.
// spec: 2026-07-28/pages/basic/transports/streamable-http.mdx
import { CancelledError, Connection, LocalError, RemoteError, TransportClosedError, TransportError, type JsonRpcMessage } from '@mcpkit/jsonrpc';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClientTransport, HttpError, HttpTransportError, ContentTooLargeError, type HttpExchangeInfo } from '../src/index.js';
import { serveHttp } from '../src/node/index.js';
import { META, nodeFastLane, startLane, toolCall, until } from './helpers.js';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

async function server(options = {}) {
  const started = await startLane(nodeFastLane, options);
  stops.push(started.stop);
  return started;
}

/** A server that answers every POST with `reply()`: for what our own handler never does. */
async function rawServer(reply: () => Response) {
  const s = await serveHttp(async (request) => {
    await request.text();
    return reply();
  });
  stops.push(() => s.close());
  return s.url;
}

function client(url: string, options: ConstructorParameters<typeof HttpClientTransport>[1] = {}) {
  const transport = new HttpClientTransport(url, options);
  const messages: JsonRpcMessage[] = [];
  const errors: Error[] = [];
  transport.onMessage((m) => messages.push(m));
  transport.onError((e) => errors.push(e));
  stops.push(() => transport.close());
  return { transport, messages, errors };
}

describe('HttpClientTransport', () => {
  it('reports a 64 MiB message the server refuses as ContentTooLargeError naming both sizes', { timeout: 180_000 }, async () => {
    const { url } = await server();
    const connection = new Connection(new HttpClientTransport(url));
    stops.push(() => connection.close());
    const text = 'x'.repeat(64 * 1024 * 1024);
    const failure = await connection.request('tools/call', { name: 'echo', arguments: { text }, _meta: META }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ContentTooLargeError);
    expect(failure).toBeInstanceOf(LocalError);
    const error = failure as ContentTooLargeError;
    expect(error.status).toBe(413);
    expect(error.maxBytes).toBe(4 * 1024 * 1024);
    expect(error.sentBytes).toBeGreaterThan(64 * 1024 * 1024);
    expect(error.message).toMatch(/too large: it was \d+ bytes, the server accepts at most 4194304 \(HTTP 413/);
    // The connection is usable afterwards.
    expect(await connection.request('tools/call', { name: 'echo', arguments: { text: 'small' }, _meta: META })).toMatchObject({ content: [{ text: 'small' }] });
  });

  it('sets every required header from the message, encoding Mcp-Name, and adds per-send headers', async () => {
    const { url } = await server();
    const traces: HttpExchangeInfo[] = [];
    const { transport, messages } = client(url, { onExchange: (t) => traces.push(t), headers: { 'X-Trace': 'on' } });
    const call = toolCall(1, 'sql', { region: 'Zürich', limit: 3 });
    await transport.send(call, { headers: { 'Mcp-Param-Region': '=?base64?WsO8cmljaA==?=', 'Mcp-Param-Limit': '3' } });
    await transport.send(toolCall(2, 'météo'));
    await transport.send({ jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'file:///a b.txt', _meta: META } });

    expect(traces.map((t) => t.status)).toEqual([200, 200, 404]); // the fake serves no resources: -32601 is a 404
    expect(traces[0]!.requestHeaders).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'sql',
      'mcp-param-region': '=?base64?WsO8cmljaA==?=',
      'x-trace': 'on',
    });
    expect(traces[1]!.requestHeaders['mcp-name']).toBe('=?base64?bcOpdMOpbw==?=');
    expect(traces[2]!.requestHeaders['mcp-name']).toBe('file:///a b.txt');
    // The server checked the mirrors: none of the answers is a -32020.
    expect(messages.map((m) => ('error' in m ? m.error.code : 'ok'))).toEqual(['ok', -32602, -32601]);
  });

  it('delivers the notifications of an SSE reply, then the response, before send() resolves', async () => {
    const { url } = await server();
    const { transport, messages } = client(url);
    await transport.send(toolCall(1, 'progress', { n: 2 }));
    expect(messages.map((m) => ('method' in m ? m.method : `response ${m.id}`))).toEqual(['notifications/progress', 'notifications/progress', 'response 1']);
  });

  it('delivers a 4xx that carries a JSON-RPC error for the request as that response', async () => {
    const { url } = await server();
    const { transport, messages } = client(url);
    await transport.send({ jsonrpc: '2.0', id: 7, method: 'tasks/list', params: { _meta: META } });
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Method not found: tasks/list' } }]);
  });

  it('turns an HTTP failure without a JSON-RPC body into an HttpError (local, with status and excerpt)', async () => {
    const url = await rawServer(() => new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }));
    const { transport, messages } = client(url);
    const error = await transport.send(toolCall(1, 'echo')).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(TransportError);
    expect(error.remote).toBe(false);
    expect(error).toMatchObject({ status: 502, statusText: 'Bad Gateway', body: 'upstream down' });
    expect(error.message).toBe('HTTP 502 Bad Gateway: upstream down');
    expect(messages).toEqual([]);
  });

  it("passes a local error thrown by the injected fetch (an auth layer's) through unchanged; a network failure is wrapped", async () => {
    class SignInError extends LocalError {
      override readonly name = 'SignInError';
    }
    const refused = new SignInError('the user declined the sign-in');
    const { transport } = client('http://127.0.0.1:9/mcp', { fetch: async () => Promise.reject(refused) });
    expect(await transport.send(toolCall(1, 'echo')).catch((e) => e)).toBe(refused);

    const { transport: broken } = client('http://127.0.0.1:9/mcp', { fetch: async () => Promise.reject(new TypeError('fetch failed')) });
    const wrapped = await broken.send(toolCall(1, 'echo')).catch((e) => e);
    expect(wrapped).toBeInstanceOf(TransportError);
    expect(wrapped.message).toBe('POST http://127.0.0.1:9/mcp failed: fetch failed');
    expect(wrapped.cause).toBeInstanceOf(TypeError);
  });

  it('reports an id-less JSON-RPC error (403 bad Origin) as an HttpError carrying that error', async () => {
    const { url } = await server();
    const { transport } = client(url, { headers: { Origin: 'http://evil.example' } });
    const error = await transport.send(toolCall(1, 'echo')).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(403);
    expect(error.rpcError.code).toBe(-32600);
  });

  it('fails a request whose SSE stream ends without the final response, after delivering what came', async () => {
    const url = await rawServer(
      () =>
        new Response('data: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}\n\n', {
          headers: { 'content-type': 'text/event-stream' },
        }),
    );
    const { transport, messages } = client(url);
    const error = await transport.send(toolCall(9, 'echo')).catch((e) => e);
    expect(error).toBeInstanceOf(HttpTransportError);
    expect(error.message).toContain('ended without its final response');
    expect(messages).toHaveLength(1);
  });

  it('reports a stray SSE event through onError and keeps reading', async () => {
    const url = await rawServer(
      () =>
        new Response(': keep-alive\n\ndata: not json\n\ndata: {"jsonrpc":"2.0","id":9,"result":{}}\n\n', { headers: { 'content-type': 'text/event-stream' } }),
    );
    const { transport, messages, errors } = client(url);
    await transport.send(toolCall(9, 'echo'));
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 9, result: {} }]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(HttpTransportError);
  });

  it('posts a notification and expects 202', async () => {
    const { url, seen } = await server();
    const { transport } = client(url);
    await transport.send({ jsonrpc: '2.0', method: 'notifications/ping-ish', params: { a: 1 } });
    expect(seen.notifications).toEqual([{ jsonrpc: '2.0', method: 'notifications/ping-ish', params: { a: 1 } }]);
  });

  it('cancels by aborting the fetch: the server handler sees the abort', async () => {
    const { url, seen } = await server();
    const { transport } = client(url);
    const controller = new AbortController();
    const sent = transport.send(toolCall(1, 'wait', { notifyFirst: true }), { signal: controller.signal }).catch((e) => e);
    await until(() => seen.started.includes('wait'));
    controller.abort(new Error('user cancelled'));
    expect((await sent).message).toBe('user cancelled');
    await until(() => seen.aborted.includes('wait'));
  });

  it('close() aborts open exchanges with TransportClosedError and refuses later sends', async () => {
    const { url, seen } = await server();
    const { transport } = client(url);
    let closed = 0;
    transport.onClose(() => closed++);
    const sent = transport.send(toolCall(1, 'wait')).catch((e) => e);
    await until(() => seen.started.includes('wait'));
    await transport.close();
    expect(await sent).toBeInstanceOf(TransportClosedError);
    await expect(transport.send(toolCall(2, 'echo'))).rejects.toBeInstanceOf(TransportClosedError);
    await transport.close();
    expect(closed).toBe(1);
    await until(() => seen.aborted.includes('wait'));
  });
});

describe('HttpClientTransport under a jsonrpc Connection', () => {
  it('answers requests, surfaces peer errors as RemoteError and local ones as HttpError, and cancels', async () => {
    const { url, seen } = await server();
    const connection = new Connection(new HttpClientTransport(url));
    stops.push(() => connection.close());
    await connection.start();
    const notes: string[] = [];
    connection.onNotification((n) => notes.push(n.method));

    const result = await connection.request('tools/call', { name: 'progress', arguments: { n: 2 }, _meta: META });
    expect(result).toEqual({ resultType: 'complete', content: [{ type: 'text', text: 'done' }] });
    expect(notes).toEqual(['notifications/progress', 'notifications/progress']);

    const remote = await connection.request('tools/call', { name: 'elicit', _meta: META }).catch((e) => e);
    expect(remote).toBeInstanceOf(RemoteError);
    expect(remote.code).toBe(-32021);

    const controller = new AbortController();
    const pending = connection.request('tools/call', { name: 'wait', _meta: META }, { signal: controller.signal }).catch((e) => e);
    await until(() => seen.started.includes('wait'));
    controller.abort();
    expect(await pending).toBeInstanceOf(CancelledError);
    await until(() => seen.aborted.includes('wait'));
  });

  it('fails only the request whose exchange failed', async () => {
    let n = 0;
    const url = await rawServer(() => (++n === 1 ? new Response('busy', { status: 503 }) : Response.json({ jsonrpc: '2.0', id: 2, result: { ok: true } })));
    const connection = new Connection(new HttpClientTransport(url));
    stops.push(() => connection.close());
    await connection.start();
    const first = await connection.request('server/discover', { _meta: META }).catch((e) => e);
    expect(first).toBeInstanceOf(HttpError);
    expect(first.status).toBe(503);
    expect(await connection.request('server/discover', { _meta: META })).toEqual({ ok: true });
  });
});
