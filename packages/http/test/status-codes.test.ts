// Every status code of the modern endpoint, through each lane the same handler runs in.
// spec: 2026-07-28/pages/basic/transports/streamable-http.mdx ; DIGEST §9.3, §24.3, §24.4
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_LANES, META, VERSION, fetchLane, headersFor, newSeen, post, rawRequest, startLane, toolCall, type Call } from './helpers.js';

async function expectRpcError(res: Response, status: number, code: number, id?: number | string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/json');
  const body = await res.json();
  expect(body.jsonrpc).toBe('2.0');
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  if (id === undefined) expect(body).not.toHaveProperty('id');
  else expect(body.id).toBe(id);
  return body;
}

describe.each(ALL_LANES)('status codes via $name', (lane) => {
  let call: Call;
  let url: string;
  let stop: () => Promise<void>;
  const seen = newSeen();

  beforeAll(async () => {
    ({ call, url, stop } = await startLane(lane, { limits: { maxBodyBytes: 2048 } }, seen));
  });
  afterAll(() => stop());

  it('answers a request with 200 and one JSON response', async () => {
    const body = toolCall(1, 'echo', { text: 'hello' });
    const res = await call(post(body, headersFor(body)));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete', content: [{ type: 'text', text: 'hello' }] } });
  });

  it('answers an ordinary JSON-RPC error (unknown tool) with 200 (DIGEST §24.3)', async () => {
    const body = toolCall('u', 'nope');
    await expectRpcError(await call(post(body, headersFor(body))), 200, -32602, 'u');
  });

  it('accepts a notification with 202 and an empty body', async () => {
    // spec: "If the server accepts it, the server MUST return HTTP status code 202 Accepted with no body."
    const n = { jsonrpc: '2.0', method: 'notifications/something', params: { x: 1 } };
    const res = await call(post(n, { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }));
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
    expect(seen.notifications).toContainEqual(n);
  });

  it('answers 400 -32602 when params._meta is missing', async () => {
    const body = { jsonrpc: '2.0' as const, id: 2, method: 'tools/list', params: {} };
    await expectRpcError(await call(post(body, headersFor(body))), 400, -32602, 2);
  });

  it('answers 400 -32602 when the version header is present but _meta.protocolVersion is missing (DIGEST §24.4)', async () => {
    const body = toolCall(3, 'echo', undefined, { 'io.modelcontextprotocol/clientCapabilities': {} });
    await expectRpcError(await call(post(body, headersFor(body))), 400, -32602, 3);
  });

  it('answers 400 -32602 when _meta.clientCapabilities is missing', async () => {
    const body = toolCall(4, 'echo', undefined, { 'io.modelcontextprotocol/protocolVersion': VERSION });
    await expectRpcError(await call(post(body, headersFor(body))), 400, -32602, 4);
  });

  it('answers 400 -32020 when a mirrored header is missing', async () => {
    const body = toolCall(5, 'echo');
    const { 'mcp-method': _, ...headers } = headersFor(body);
    await expectRpcError(await call(post(body, headers)), 400, -32020, 5);
  });

  it('answers 400 -32021 when the dispatcher needs a capability the request lacks', async () => {
    const body = toolCall(6, 'elicit');
    const err = await expectRpcError(await call(post(body, headersFor(body))), 400, -32021, 6);
    expect(err.error.data.requiredCapabilities).toEqual({ elicitation: {} });
  });

  it('answers 400 -32022 for a version the dispatcher does not serve (header and body agree)', async () => {
    const meta = { ...META, 'io.modelcontextprotocol/protocolVersion': '1900-01-01' };
    const body = toolCall(7, 'echo', undefined, meta);
    const res = await call(post(body, headersFor(body, { 'mcp-protocol-version': '1900-01-01' })));
    const err = await expectRpcError(res, 400, -32022, 7);
    expect(err.error.data).toEqual({ supported: [VERSION], requested: '1900-01-01' });
  });

  it('answers 404 with a -32601 body for an unknown method', async () => {
    const body = { jsonrpc: '2.0' as const, id: 8, method: 'tasks/list', params: { _meta: META } };
    await expectRpcError(await call(post(body, headersFor(body))), 404, -32601, 8);
  });

  it.each(['GET', 'DELETE', 'PUT'])('answers %s with 405 and Allow: POST', async (method) => {
    const res = await call({ method, headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('answers 403 for an Origin outside the allow-list, and serves local origins and origin-less clients', async () => {
    const body = toolCall(9, 'echo');
    await expectRpcError(await call(post(body, headersFor(body, { origin: 'http://evil.example' }))), 403, -32600);
    expect((await call(post(body, headersFor(body, { origin: 'http://localhost:5173' })))).status).toBe(200);
    expect((await call(post(body, headersFor(body)))).status).toBe(200);
  });

  it('answers 413 for a body over the limit and still serves the next request', async () => {
    const body = toolCall(10, 'echo', { text: 'x'.repeat(4096) });
    await expectRpcError(await call(post(body, headersFor(body))), 413, -32600);
    const small = toolCall(11, 'echo');
    expect((await call(post(small, headersFor(small)))).status).toBe(200);
  });

  it('answers 413 for a streamed body without Content-Length that grows over the limit', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const body = toolCall(12, 'echo');
    const init = { method: 'POST', headers: headersFor(body), body: stream, duplex: 'half' } as RequestInit;
    await expectRpcError(await call(init), 413, -32600);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['missing', undefined],
  ])('answers 415 when Content-Type is %s', async (_label, type) => {
    const body = toolCall(13, 'echo');
    const headers = headersFor(body);
    if (type === undefined) delete headers['content-type'];
    else headers['content-type'] = type;
    await expectRpcError(await call(post(body, headers)), 415, -32600);
  });

  it('accepts application/json with a charset parameter', async () => {
    const body = toolCall(14, 'echo');
    expect((await call(post(body, headersFor(body, { 'content-type': 'application/json; charset=utf-8' })))).status).toBe(200);
  });

  it.each([
    ['only application/json', 'application/json'],
    ['only text/event-stream', 'text/event-stream'],
    ['event-stream refused with q=0', 'application/json, text/event-stream;q=0'],
    ['missing', undefined],
  ])('answers 406 when Accept is %s', async (_label, accept) => {
    const body = toolCall(15, 'echo');
    const headers = headersFor(body);
    if (accept === undefined) delete headers.accept;
    else headers.accept = accept;
    // fetch adds "Accept: */*" when none is given, so a missing header needs a raw request over the socket.
    const res =
      accept === undefined && lane !== fetchLane
        ? await rawRequest(url, { method: 'POST', headers, body: JSON.stringify(body) })
        : await call(post(body, headers));
    await expectRpcError(res, 406, -32600);
  });

  it('accepts wildcards in Accept', async () => {
    const body = toolCall(16, 'echo');
    expect((await call(post(body, headersFor(body, { accept: '*/*' })))).status).toBe(200);
    expect((await call(post(body, headersFor(body, { accept: 'application/*, text/*;q=0.5' })))).status).toBe(200);
  });

  it.each([
    ['unparseable JSON', '{"jsonrpc":'],
    ['an empty body', ''],
  ])('answers 400 -32700 for %s', async (_label, text) => {
    const headers = headersFor(toolCall(0, 'echo'));
    await expectRpcError(await call({ method: 'POST', headers, body: text }), 400, -32700);
  });

  it('answers 400 -32700 for a body that is not UTF-8', async () => {
    const headers = headersFor(toolCall(0, 'echo'));
    await expectRpcError(await call({ method: 'POST', headers, body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }), 400, -32700);
  });

  it('answers 400 -32600 for a batch, and for a response posted by the client', async () => {
    const headers = headersFor(toolCall(0, 'echo'));
    await expectRpcError(await call(post([toolCall(1, 'echo')], headers)), 400, -32600);
    await expectRpcError(await call(post({ jsonrpc: '2.0', id: 17, result: {} }, headers)), 400, -32600);
  });

  it('answers 500 with -32603 for the request id when the dispatcher throws or answers nothing', async () => {
    for (const [id, tool] of [
      [18, 'throw'],
      [19, 'null'],
    ] as const) {
      const body = toolCall(id, tool);
      await expectRpcError(await call(post(body, headersFor(body))), 500, -32603, id);
    }
  });

  it('ignores legacy Mcp-Session-Id and Last-Event-ID headers and never echoes a session id', async () => {
    // spec: "An Mcp-Session-Id header on a request: ignore it, and do not mint or echo session IDs."
    const body = toolCall(20, 'echo');
    const res = await call(post(body, headersFor(body, { 'mcp-session-id': 'abc', 'last-event-id': '5' })));
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
  });
});
