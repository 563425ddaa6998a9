/**
 * Answers are checked against what was asked before a handler can use them (issue 15), in both
 * eras, over real HTTP on one dual-era endpoint: a 2026-07-28 client's MRTR retries, and a
 * 2025-11-25 client's answers to the server-initiated requests of the MRTR shim. Each tool records
 * every value its readers handed it: a schema-breaking answer must never appear there.
 * spec: 2026-07-28/pages/client/elicitation.mdx ("Servers SHOULD validate received data matches the requested schema");
 * 2026-07-28/pages/basic/patterns/mrtr.mdx ("Error Handling"); 2025-11-25/pages/client/elicitation.mdx
 */
import { serveHttp, type HttpServer } from '@mcpkit/http/node';
import { createMessage, createServer, elicitForm, inputRequired, listRoots, tool } from '@mcpkit/server';
import { generateStateKey } from '@mcpkit/server/state';
import { afterEach, describe, expect, it } from 'vitest';
import { dualEra, type DualEraServer } from '../../src/index.js';
import { initialize, inSession, MODERN, post, SseReader } from './helpers.js';

const confirmForm = { type: 'object', properties: { confirmed: { type: 'boolean' } }, required: ['confirmed'] } as const;

function start() {
  const seen: unknown[] = [];
  const server = createServer({
    info: { name: 'answers', version: '1' },
    state: { keys: generateStateKey('k1') },
    tools: [
      tool({
        name: 'confirm',
        handler: (_args, ctx) => {
          const answer = ctx.input.accepted('c', confirmForm);
          if (!answer) return inputRequired({ c: elicitForm({ message: 'Go ahead?', requestedSchema: confirmForm }) }, { state: 'asked' });
          seen.push(answer);
          return { content: [{ type: 'text', text: `confirmed=${answer.confirmed}` }] };
        },
      }),
      tool({
        name: 'sample',
        handler: (_args, ctx) => {
          const answer = ctx.input.sampling('s');
          if (!answer) return inputRequired({ s: createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Hi?' } }], maxTokens: 5 }) });
          seen.push(answer);
          return { content: [{ type: 'text', text: `model=${answer.model}` }] };
        },
      }),
      tool({
        name: 'roots',
        handler: (_args, ctx) => {
          const answer = ctx.input.roots('r');
          if (!answer) return inputRequired({ r: listRoots() });
          seen.push(answer);
          return { content: [{ type: 'text', text: answer.roots.map((r) => r.uri).join(' ') }] };
        },
      }),
    ],
    onWarning: () => {},
  });
  const dual = dualEra(server, { onError: () => {} });
  return { seen, dual, server };
}

let running: { node: HttpServer; dual: DualEraServer } | undefined;
afterEach(async () => {
  await running?.dual.close();
  await running?.node.close();
  running = undefined;
});

async function serveIt() {
  const parts = start();
  const node = await serveHttp(parts.dual.httpHandler(), { port: 0 });
  running = { node, dual: parts.dual };
  return { ...parts, url: new URL('mcp', node.url).href };
}

const capabilities = { elicitation: { form: {} }, sampling: {}, roots: {} };
const meta = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': capabilities };
let nextId = 1;

/** A modern tools/call over HTTP; resolves the JSON-RPC response. */
async function call(url: string, name: string, extra: Record<string, unknown> = {}) {
  const body = { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name, ...extra, _meta: meta } };
  const res = await post(url, body, { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': name });
  return (await res.json()) as { result?: Record<string, any>; error?: { code: number; message: string; data?: any } };
}

const BAD_FORMS = [{ confirmed: 'yes' }, {}, { admin: true }];
// Valid InputResponses (they pass as ElicitResults), but no CreateMessageResult and no ListRootsResult.
const BAD_SAMPLING = { action: 'accept', model: 'm', role: 'assistant', content: { type: 'text' } };
const BAD_ROOTS = { action: 'cancel', roots: [{ uri: 42 }] };

describe('2026-07-28 MRTR retries over HTTP', () => {
  it('asks again for a form answer that breaks its schema, and hands the handler only a fitting one', async () => {
    const { url, seen } = await serveIt();
    for (const content of BAD_FORMS) {
      const again = await call(url, 'confirm', { inputResponses: { c: { action: 'accept', content } } });
      expect(again.result).toMatchObject({ resultType: 'input_required', inputRequests: { c: { method: 'elicitation/create' } } });
    }
    expect(seen).toEqual([]);
    const done = await call(url, 'confirm', { inputResponses: { c: { action: 'accept', content: { confirmed: true, admin: true } } } });
    expect(done.result!.content[0].text).toBe('confirmed=true');
    expect(seen).toEqual([{ confirmed: true }]);
  });

  it('asks again for sampling and roots answers that are not valid results of their kind', async () => {
    const { url, seen } = await serveIt();
    expect((await call(url, 'sample', { inputResponses: { s: BAD_SAMPLING } })).result!.resultType).toBe('input_required');
    expect((await call(url, 'roots', { inputResponses: { r: BAD_ROOTS } })).result!.resultType).toBe('input_required');
    expect(seen).toEqual([]);
    const sampled = await call(url, 'sample', { inputResponses: { s: { model: 'm1', role: 'assistant', content: { type: 'text', text: 'Hello' } } } });
    expect(sampled.result!.content[0].text).toBe('model=m1');
  });

  // spec: 2026-07-28/pages/basic/patterns/mrtr.mdx (single use "MUST" be enforced server-side where required)
  it('refuses a replayed requestState by default, whatever answers come with it', async () => {
    const { url } = await serveIt();
    const asked = await call(url, 'confirm');
    const requestState = asked.result!.requestState as string;
    const yes = await call(url, 'confirm', { inputResponses: { c: { action: 'accept', content: { confirmed: true } } }, requestState });
    expect(yes.result!.content[0].text).toBe('confirmed=true');
    for (const confirmed of [false, true]) {
      const replayed = await call(url, 'confirm', { inputResponses: { c: { action: 'accept', content: { confirmed } } }, requestState });
      expect(replayed.error).toMatchObject({ code: -32602, data: { reason: 'replayed' } });
    }
  });
});

describe('2025-11-25 sessions through the MRTR shim', () => {
  /** Opens a session, starts `tools/call name`, and returns the reply stream and a way to answer. */
  async function legacyCall(url: string, name: string) {
    const { sessionId } = await initialize(url, capabilities);
    const reply = new SseReader(await post(url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name } }, inSession(sessionId)));
    const answer = (id: unknown, result: unknown) => post(url, { jsonrpc: '2.0', id, result }, inSession(sessionId));
    return { reply, answer };
  }

  it('asks again (a new elicitation/create) for a form answer that breaks its schema; the handler sees only the fitting one', async () => {
    const { url, seen } = await serveIt();
    const { reply, answer } = await legacyCall(url, 'confirm');
    const ids = new Set<unknown>();
    for (const content of BAD_FORMS) {
      const asked = (await reply.message())!.message;
      expect(asked.method).toBe('elicitation/create');
      ids.add(asked.id);
      expect((await answer(asked.id, { action: 'accept', content })).status).toBe(202);
    }
    const last = (await reply.message())!.message;
    expect(last.method).toBe('elicitation/create');
    ids.add(last.id);
    expect(ids.size).toBe(4); // each time a new request
    await answer(last.id, { action: 'accept', content: { confirmed: false } });
    expect((await reply.message())!.message).toMatchObject({ id: 1, result: { content: [{ type: 'text', text: 'confirmed=false' }] } });
    expect(seen).toEqual([{ confirmed: false }]);
  });

  it('ends the call with a clear error for a sampling or roots answer that is not a valid result, never handing it over', async () => {
    const { url, seen } = await serveIt();
    for (const [name, bad] of [
      ['sample', { model: 'm', role: 'assistant', content: { type: 'text' } }],
      ['roots', { roots: [{ uri: 42 }] }],
    ] as const) {
      const { reply, answer } = await legacyCall(url, name);
      const asked = (await reply.message())!.message;
      await answer(asked.id, bad);
      const outcome = (await reply.message())!.message;
      expect(outcome.error).toMatchObject({ code: -32603, data: { key: name === 'sample' ? 's' : 'r', method: asked.method } });
      expect(outcome.error.message).toMatch(/is not valid/);
    }
    expect(seen).toEqual([]);
  });
});
