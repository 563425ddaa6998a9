// Large results on the node lane go out in pieces with backpressure (encodeInPieces of
// @mcpkit/jsonrpc): the same bytes and the same framing as one JSON.stringify (a chunked JSON
// body, or the last SSE event), never the whole text built at once.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { encodeInPieces, LARGE_STRING_CHARS, type DispatchContext, type Dispatcher, type JsonRpcRequest, type JsonRpcResponse } from '@mcpkit/jsonrpc';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpHandler } from '../src/index.js';
import { serveHttp, type HttpServer } from '../src/node/index.js';
import { endWithJson } from '../src/node/json-reply.js';
import { headersFor, toolCall } from './helpers.js';

/** A large string with what escaping and slicing can get wrong (quotes, backslashes, controls, lone and paired surrogates). */
function trickyText(chars: number): string {
  const unit = 'a"b\\c\u0000\u001f\n\u2028é😀\ud800x\udfff𝄞';
  let text = '';
  while (text.length < chars) text += unit;
  return text;
}

const TEXT = trickyText(LARGE_STRING_CHARS * 3 + 7);
const answer = (id: JsonRpcRequest['id'], text = TEXT): JsonRpcResponse => ({
  jsonrpc: '2.0',
  id,
  result: { resultType: 'complete', content: [{ type: 'text', text }] },
});
const PROGRESS = { jsonrpc: '2.0' as const, method: 'notifications/progress', params: { progressToken: 1, progress: 1 } };

/** `big` answers with TEXT; `sse-big` sends a progress notification first (so the reply is SSE). */
const dispatcher: Dispatcher = {
  async dispatch(request: JsonRpcRequest, context: DispatchContext) {
    const name = (request.params as { name: string }).name;
    if (name === 'sse-big') await context.notify(PROGRESS);
    return answer(request.id);
  },
};

let server: HttpServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

async function post(name: string, accept?: string) {
  server ??= await serveHttp(createHttpHandler(dispatcher));
  const body = toolCall(1, name);
  const res = await fetch(server.url, { method: 'POST', headers: headersFor(body, accept ? { accept } : {}), body: JSON.stringify(body) });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('large results on the node lane', () => {
  it('send the same bytes as JSON.stringify, chunked as before, without building the text whole', async () => {
    const whole = JSON.stringify(answer(1));
    const stringify = vi.spyOn(JSON, 'stringify');
    const { res, bytes } = await post('big');
    const longest = Math.max(0, ...stringify.mock.results.map((r) => (typeof r.value === 'string' ? r.value.length : 0)));
    stringify.mockRestore();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-length')).toBeNull();
    expect(bytes.equals(Buffer.from(whole, 'utf8'))).toBe(true);
    // The regression guard: nothing on the server stringified the result whole (one slice's encoding at most).
    expect(longest).toBeLessThan(whole.length / 2);
  });

  it('send the same SSE events as before when the reply became a stream', async () => {
    const { res, bytes } = await post('sse-big');
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const expected = `data: ${JSON.stringify(PROGRESS)}\n\ndata: ${JSON.stringify(answer(1))}\n\n`;
    expect(bytes.equals(Buffer.from(expected, 'utf8'))).toBe(true);
  });

  it('match the web lane byte for byte', async () => {
    const handler = createHttpHandler(dispatcher);
    const body = toolCall(1, 'big');
    const web = await handler(new Request('http://127.0.0.1/mcp', { method: 'POST', headers: headersFor(body), body: JSON.stringify(body) }));
    const node = await post('big');
    expect(Buffer.from(await web.arrayBuffer()).equals(node.bytes)).toBe(true);
  });
});

/** A ServerResponse stand-in whose client reads only when told (`write` is false until a `drain`). */
function slowResponse() {
  const res = new EventEmitter() as EventEmitter & {
    writes: string[];
    ended: string | undefined;
    destroyed: boolean;
    write(c: string): boolean;
    end(c: string): void;
  };
  res.writes = [];
  res.ended = undefined;
  res.destroyed = false;
  res.write = (chunk: string) => {
    res.writes.push(chunk);
    return false;
  };
  res.end = (chunk: string) => {
    res.ended = chunk;
  };
  return res;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('endWithJson', () => {
  it('waits for drain after each write the response refused instead of queueing the message', async () => {
    const res = slowResponse();
    const message = answer(3, 'q'.repeat(LARGE_STRING_CHARS * 3));
    endWithJson(res as unknown as ServerResponse, encodeInPieces(message)!, 'data: ', '\n\n');
    for (let i = 0; i < 3; i++) await tick();
    expect(res.writes).toHaveLength(1); // `data: `, then it waits
    let drains = 0;
    while (res.ended === undefined) {
      res.emit('drain');
      drains++;
      await tick();
      expect(res.writes.length).toBeLessThanOrEqual(drains + 1);
    }
    expect(res.writes.join('') + res.ended).toBe(`data: ${JSON.stringify(message)}\n\n`);
  });

  it('stops, without ending the body, when the client goes away in the middle', async () => {
    const res = slowResponse();
    endWithJson(res as unknown as ServerResponse, encodeInPieces(answer(4, 'r'.repeat(LARGE_STRING_CHARS * 3)))!);
    await tick();
    res.emit('drain');
    await tick();
    const written = res.writes.length;
    res.destroyed = true;
    res.emit('close');
    await tick();
    expect(res.writes).toHaveLength(written);
    expect(res.ended).toBeUndefined(); // a cut chunked body, not a complete-looking short one
  });
});
