import { describe, expect, it } from 'vitest';
import {
  JsonRpcErrorCode,
  InvalidMessageError,
  classify,
  isErrorResponse,
  isNotification,
  isRequest,
  isResponse,
  messageKind,
  parseMessage,
  readMessage,
  type JsonRpcMessage,
} from '../src/index.js';

// Vectors from spec/2026-07-28/examples (CallToolRequest, CancelledNotification, CallToolResultResponse,
// ProgressNotification), trimmed to the members the classifier looks at.
const vectors: Array<[string, unknown]> = [
  ['request', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_weather', arguments: {} } }],
  ['request', { jsonrpc: '2.0', id: 'abc', method: 'tools/list', params: { _meta: {} } }],
  ['notification', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: '123' } }],
  ['notification', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'abc123', progress: 50 } }],
  ['notification', { jsonrpc: '2.0', method: 'ping' }],
  ['response', { jsonrpc: '2.0', id: 1, result: { resultType: 'complete', content: [] } }],
  ['response', { jsonrpc: '2.0', id: 'x', error: { code: -32601, message: 'Method not found' } }],
  ['response', { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error', data: 'x' } }],
  // An id-less error (a server that could not read the request's id and left it out) reads as id null.
  ['response', { jsonrpc: '2.0', error: { code: -32600, message: 'Origin not allowed' } }],
];

describe('classify', () => {
  it.each(vectors)('recognises a %s', (kind, value) => {
    expect(messageKind(value)).toBe(kind);
    const outcome = classify(value);
    expect(outcome.kind).toBe(kind);
    if (outcome.kind !== 'invalid') expect(outcome.message).toBe(value); // no copy, no normalisation
  });

  it('keeps the JSON type of ids: 1 and "1" stay different', () => {
    // spec: 2026-07-28/pages/basic/index.mdx (ids are strings or integers)
    const a = parseMessage('{"jsonrpc":"2.0","id":1,"method":"m"}');
    const b = parseMessage('{"jsonrpc":"2.0","id":"1","method":"m"}');
    expect(a.kind === 'request' && a.message.id).toBe(1);
    expect(b.kind === 'request' && b.message.id).toBe('1');
  });

  it('answers text that is not JSON with -32700 and id null', () => {
    const outcome = parseMessage('{"jsonrpc":"2.0","id":1,');
    expect(outcome).toMatchObject({ kind: 'invalid', respond: true, error: { jsonrpc: '2.0', id: null } });
    if (outcome.kind === 'invalid') {
      expect(outcome.error.error.code).toBe(JsonRpcErrorCode.ParseError);
      expect(outcome.error.error.message).toMatch(/^Parse error: /);
    }
  });

  const invalid: Array<[string, unknown, string | number | null, RegExp]> = [
    ['a null request id', { jsonrpc: '2.0', id: null, method: 'm' }, null, /"id" must not be null/],
    ['a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'm' }, null, /"id" must be a string or an integer/],
    ['a boolean id', { jsonrpc: '2.0', id: true, method: 'm' }, null, /"id"/],
    ['a missing jsonrpc', { id: 7, method: 'm' }, 7, /"jsonrpc" must be "2.0"/],
    ['jsonrpc 1.0', { jsonrpc: '1.0', id: 'q', method: 'm' }, 'q', /"jsonrpc"/],
    ['a numeric method', { jsonrpc: '2.0', id: 2, method: 5 }, 2, /"method" must be a string/],
    ['array params', { jsonrpc: '2.0', id: 3, method: 'm', params: [1] }, 3, /"params" must be an object/],
    ['null params', { jsonrpc: '2.0', id: 3, method: 'm', params: null }, 3, /"params" must be an object/],
    ['a batch', [{ jsonrpc: '2.0', id: 1, method: 'm' }], null, /batches are not supported/],
    ['a string', 'hello', null, /must be a JSON object/],
    ['an empty object', { jsonrpc: '2.0' }, null, /needs "method"/],
  ];

  it.each(invalid)('answers %s with -32600, keeping a readable id', (_name, value, id, message) => {
    // spec: 2026-07-28/pages/basic/index.mdx (error responses carry the request id unless it could not be read)
    expect(messageKind(value)).toBe('invalid');
    const outcome = classify(value);
    expect(outcome.kind).toBe('invalid');
    if (outcome.kind !== 'invalid') return;
    expect(outcome.respond).toBe(true);
    expect(outcome.error.id).toBe(id);
    expect(outcome.error.error.code).toBe(JsonRpcErrorCode.InvalidRequest);
    expect(outcome.error.error.message).toMatch(message);
  });

  const brokenResponses: Array<[string, unknown]> = [
    ['result and error together', { jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'x' } }],
    ['a non-object result', { jsonrpc: '2.0', id: 1, result: 42 }],
    ['a result with id null', { jsonrpc: '2.0', id: null, result: {} }],
    ['an error without code', { jsonrpc: '2.0', id: 1, error: { message: 'x' } }],
    ['an error with a fractional code', { jsonrpc: '2.0', id: 1, error: { code: 1.5, message: 'x' } }],
  ];

  it.each(brokenResponses)('never answers a broken response (%s), but reports its id', (_name, value) => {
    const outcome = classify(value);
    expect(outcome.kind).toBe('invalid');
    if (outcome.kind !== 'invalid') return;
    expect(outcome.respond).toBe(false);
    expect(outcome.error.id).toBe((value as { id: unknown }).id);
  });

  it('readMessage returns the message itself or an InvalidMessageError carrying the reply', () => {
    const ok = readMessage('{"jsonrpc":"2.0","method":"n"}');
    expect(ok).toEqual({ jsonrpc: '2.0', method: 'n' });
    const bad = readMessage('{"jsonrpc":"2.0","id":9,"method":"m","params":"x"}');
    expect(bad).toBeInstanceOf(InvalidMessageError);
    const error = bad as InvalidMessageError;
    expect(error.remote).toBe(false);
    expect(error.id).toBe(9);
    expect(error.reply).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -32600, message: 'Invalid Request: "params" must be an object' },
    });
    expect(error.text).toContain('"params":"x"');
    const broken = readMessage('{"jsonrpc":"2.0","id":4,"result":[]}') as InvalidMessageError;
    expect(broken.reply).toBeUndefined();
    expect(broken.id).toBe(4);
  });

  it('clips the offending text it keeps for diagnostics', () => {
    const error = readMessage(`{"a":"${'x'.repeat(10_000)}`) as InvalidMessageError;
    expect(error.text!.length).toBeLessThanOrEqual(201);
  });
});

describe('message guards', () => {
  const request: JsonRpcMessage = { jsonrpc: '2.0', id: 0, method: 'm' };
  const notification: JsonRpcMessage = { jsonrpc: '2.0', method: 'n' };
  const success: JsonRpcMessage = { jsonrpc: '2.0', id: 0, result: {} };
  const failure: JsonRpcMessage = { jsonrpc: '2.0', id: 0, error: { code: 1, message: 'no' } };

  it('tell the four shapes apart (id 0 is still an id)', () => {
    expect([request, notification, success, failure].map(isRequest)).toEqual([true, false, false, false]);
    expect([request, notification, success, failure].map(isNotification)).toEqual([false, true, false, false]);
    expect([request, notification, success, failure].map(isResponse)).toEqual([false, false, true, true]);
    expect([request, notification, success, failure].map(isErrorResponse)).toEqual([false, false, false, true]);
  });
});
