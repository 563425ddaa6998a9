import { MessageTooLargeError } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import { LineDecoder, encodeMessage } from '../src/index.js';

function decoder(maxLineBytes?: number) {
  const lines: string[] = [];
  const errors: MessageTooLargeError[] = [];
  const d = new LineDecoder({ maxLineBytes, onLine: (l) => lines.push(l), onOversize: (e) => errors.push(e) });
  return { d, lines, errors };
}

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('LineDecoder', () => {
  it('splits on \\n and \\r\\n, and skips empty lines', () => {
    const { d, lines } = decoder();
    d.push(bytes('a\r\nb\n\n\r\nc\n'));
    expect(lines).toEqual(['a', 'b', 'c']);
  });

  it('joins a line cut across chunks, including a \\r\\n cut between its two bytes', () => {
    const { d, lines } = decoder();
    d.push(bytes('{"a":'));
    d.push(bytes('1}\r'));
    d.push(bytes('\n{"b":2}'));
    expect(lines).toEqual(['{"a":1}']);
    d.push(bytes('\n'));
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('decodes a multi-byte UTF-8 character split between chunks', () => {
    const { d, lines } = decoder();
    const line = bytes('"é€😀"\n');
    for (let i = 0; i < line.length; i++) d.push(line.subarray(i, i + 1));
    expect(lines).toEqual(['"é€😀"']);
  });

  it('delivers a last line without a newline at the end of the stream', () => {
    const { d, lines } = decoder();
    d.push(bytes('x\ny'));
    d.end();
    expect(lines).toEqual(['x', 'y']);
  });

  it('refuses a line over the limit, keeps memory bounded, and recovers at the next newline', () => {
    const { d, lines, errors } = decoder(16);
    d.push(bytes('ok\n{"id":7,"method":"m","x":"'));
    for (let i = 0; i < 1000; i++) d.push(bytes('y'.repeat(100)));
    expect(d.bufferedBytes).toBe(0);
    d.push(bytes('"}\nafter\n'));
    expect(lines).toEqual(['ok', 'after']);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(MessageTooLargeError);
    expect(errors[0]!.limit).toBe(16);
    expect(errors[0]!.message).toBe('Message exceeds the limit of 16 bytes and was skipped');
    // A request's id is read from the first bytes, so a server can answer it instead of leaving it hanging.
    expect(errors[0]!.id).toBe(7);
    expect(errors[0]!.reply).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32600, message: 'Invalid Request: message exceeds the limit of 16 bytes' },
    });
  });

  it('refuses a long line that arrives whole in one chunk', () => {
    const { d, lines, errors } = decoder(8);
    d.push(bytes('{"jsonrpc":"2.0","id":"r1","result":{}}\nfine\n'));
    expect(lines).toEqual(['fine']);
    // A response is never answered: the client fails the pending request with this id instead.
    expect(errors.map((e) => [e.id, e.reply])).toEqual([['r1', undefined]]);
  });

  it('accepts a line of exactly the limit, with either line ending, even when split', () => {
    const { d, lines, errors } = decoder(4);
    d.push(bytes('abcd\nwxyz\r'));
    d.push(bytes('\n'));
    expect(lines).toEqual(['abcd', 'wxyz']);
    expect(errors).toEqual([]);
  });
});

describe('encodeMessage', () => {
  it('never emits an embedded newline, whatever the strings contain', () => {
    const line = encodeMessage({ jsonrpc: '2.0', method: 'm', params: { text: 'a\nb\r\nc\u2028d\u2029e\u0000' } });
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toMatch(/[\n\r]/);
    expect(JSON.parse(line).params.text).toBe('a\nb\r\nc\u2028d\u2029e\u0000');
  });

  it('refuses what JSON cannot encode, with a clear error', () => {
    expect(() => encodeMessage({ jsonrpc: '2.0', method: 'm', params: { n: 1n } })).toThrow(/Refused to send a message JSON cannot encode/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => encodeMessage({ jsonrpc: '2.0', method: 'm', params: cyclic })).toThrow(/cannot encode/);
  });
});
