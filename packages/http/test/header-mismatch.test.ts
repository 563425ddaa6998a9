// The header/body mismatch matrix: every case answers 400 with -32020 and the request id.
// spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Server Validation)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonRpcRequest } from '@mcpkit/jsonrpc';
import { fetchLane, headersFor, nodeFastLane, post, startLane, toolCall, META, type Call } from './helpers.js';

const sql = (args: Record<string, unknown>) => toolCall('q', 'sql', args);
const read = (uri: string): JsonRpcRequest => ({ jsonrpc: '2.0', id: 'r', method: 'resources/read', params: { uri, _meta: META } });

type Case = [label: string, body: JsonRpcRequest, headers: (h: Record<string, string>) => Record<string, string>];

const without = (name: string) => (h: Record<string, string>) => {
  const copy = { ...h };
  delete copy[name];
  return copy;
};
const set = (extra: Record<string, string>) => (h: Record<string, string>) => ({ ...h, ...extra });

const REJECTED: Case[] = [
  ['MCP-Protocol-Version missing', toolCall('q', 'echo'), without('mcp-protocol-version')],
  ['MCP-Protocol-Version differs from _meta', toolCall('q', 'echo'), set({ 'mcp-protocol-version': '2025-11-25' })],
  ['Mcp-Method missing', toolCall('q', 'echo'), without('mcp-method')],
  ['Mcp-Method differs from method', toolCall('q', 'echo'), set({ 'mcp-method': 'tools/list' })],
  ['Mcp-Method in another case (values are case-sensitive)', toolCall('q', 'echo'), set({ 'mcp-method': 'Tools/Call' })],
  ['Mcp-Name missing on tools/call', toolCall('q', 'echo'), without('mcp-name')],
  ['Mcp-Name differs from params.name', toolCall('q', 'echo'), set({ 'mcp-name': 'other' })],
  ['Mcp-Name in another case', toolCall('q', 'echo'), set({ 'mcp-name': 'ECHO' })],
  ['Mcp-Name with malformed base64', toolCall('q', 'echo'), set({ 'mcp-name': '=?base64?ZWNo*?=' })],
  ['Mcp-Name base64 of another value', toolCall('q', 'echo'), set({ 'mcp-name': `=?base64?${btoa('ech0')}?=` })],
  ['Mcp-Name missing on resources/read', read('file:///a.txt'), without('mcp-name')],
  ['Mcp-Name differs from params.uri', read('file:///a.txt'), set({ 'mcp-name': 'file:///b.txt' })],
  ['Mcp-Param missing although the argument is in the body', sql({ region: 'us-west1' }), (h) => h],
  ['Mcp-Param string differs', sql({ region: 'us-west1' }), set({ 'mcp-param-region': 'eu-west1' })],
  ['Mcp-Param string in another case', sql({ region: 'us-west1' }), set({ 'mcp-param-region': 'US-WEST1' })],
  ['Mcp-Param integer differs', sql({ limit: 42 }), set({ 'mcp-param-limit': '43' })],
  ['Mcp-Param integer in hex', sql({ limit: 42 }), set({ 'mcp-param-limit': '0x2A' })],
  ['Mcp-Param boolean differs', sql({ dry: true }), set({ 'mcp-param-dry': 'false' })],
  ['Mcp-Param boolean capitalized', sql({ dry: true }), set({ 'mcp-param-dry': 'True' })],
  ['Mcp-Param present for an absent argument', sql({}), set({ 'mcp-param-region': 'us-west1' })],
  ['Mcp-Param present for a null argument', sql({ region: null }), set({ 'mcp-param-region': 'null' })],
  ['Mcp-Param nested value differs', sql({ tenant: { id: 'acme' } }), set({ 'mcp-param-tenant': 'other' })],
  ['Mcp-Param with malformed base64', sql({ region: 'é' }), set({ 'mcp-param-region': '=?base64?w6k?=' })],
];

const ACCEPTED: Case[] = [
  ['header names in any case', toolCall('q', 'echo'), (h) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toUpperCase(), v]))],
  ['Mcp-Name base64-encoded although plain would do', toolCall('q', 'echo'), set({ 'mcp-name': `=?base64?${btoa('echo')}?=` })],
  ['a non-ASCII tool name sent as base64', toolCall('q', 'météo'), set({ 'mcp-name': '=?base64?bcOpdMOpbw==?=' })],
  ['Mcp-Param integer 42 for body 42.0', sql({ limit: 42.0 }), set({ 'mcp-param-limit': '42' })],
  ['Mcp-Param integer 42.0 for body 42', sql({ limit: 42 }), set({ 'mcp-param-limit': '42.0' })],
  [
    'every Mcp-Param matching',
    sql({ region: 'Zürich', limit: 7, dry: false, tenant: { id: 'acme' } }),
    set({
      'mcp-param-region': '=?base64?WsO8cmljaA==?=',
      'mcp-param-limit': '7',
      'mcp-param-dry': 'false',
      'mcp-param-tenant': 'acme',
    }),
  ],
  ['no Mcp-Param for absent and null arguments', sql({ region: null }), (h) => h],
  ['unknown Mcp-Param headers (forwarded, ignored)', toolCall('q', 'echo'), set({ 'mcp-param-whatever': 'x' })],
];

describe.each([fetchLane, nodeFastLane])('header mirroring via $name', (lane) => {
  let call: Call;
  let stop: () => Promise<void>;
  beforeAll(async () => ({ call, stop } = await startLane(lane)));
  afterAll(() => stop());

  it.each(REJECTED)('rejects: %s', async (_label, body, edit) => {
    const res = await call(post(body, edit(headersFor(body))));
    expect(res.status).toBe(400);
    const reply = await res.json();
    expect(reply.error.code).toBe(-32020);
    expect(reply.id).toBe(body.id);
  });

  it.each(ACCEPTED)('accepts: %s', async (_label, body, edit) => {
    const res = await call(post(body, edit(headersFor(body))));
    expect(res.status).toBe(200);
    const reply = await res.json();
    expect(reply.id).toBe(body.id);
    expect(reply.error?.code).not.toBe(-32020);
  });

  it('names the header and both values in the message', async () => {
    const body = toolCall('q', 'echo');
    const reply = await (await call(post(body, headersFor(body, { 'mcp-name': 'foo' })))).json();
    expect(reply.error.message).toBe("Header mismatch: Mcp-Name header value 'foo' does not match body value 'echo'");
  });
});
