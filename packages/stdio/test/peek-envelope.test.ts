import { describe, expect, it } from 'vitest';
import { peekEnvelope } from '../src/peek-envelope.js';

const peek = (text: string) => peekEnvelope(Buffer.from(text, 'utf8'));

describe('peekEnvelope (reading the id of a line too long to decode)', () => {
  it('finds the top-level id and kind of requests and responses in any key order', () => {
    expect(peek('{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"x":"')).toEqual({ id: 12, kind: 'request' });
    expect(peek('{"method":"m", "id" : "a\\"b", "params":{')).toEqual({ id: 'a"b', kind: 'request' });
    expect(peek('{"jsonrpc":"2.0","id":-3,"result":{"blob":"xxxx')).toEqual({ id: -3, kind: 'response' });
    expect(peek('{"error":{"code":1,"message":"m"},"id":"e"')).toEqual({ id: 'e', kind: 'response' });
  });

  it('ignores ids nested in params or hidden in strings', () => {
    expect(peek('{"jsonrpc":"2.0","method":"m","params":{"id":5,"s":"\\"id\\":6"},"id":7,')).toEqual({
      id: 7,
      kind: 'request',
    });
    expect(peek('{"params":{"id":5},"method":"m","x":"')).toEqual({ id: null, kind: 'request' });
    expect(peek('{"a":["id",1],"result":{')).toEqual({ id: null, kind: 'response' });
  });

  it('returns nothing for ids it cannot read completely or that are not ids', () => {
    expect(peek('{"id":12').id).toBeNull(); // the number may continue beyond the bytes seen
    expect(peek('{"id":"abc').id).toBeNull();
    expect(peek('{"id":1.5,"method":"m"').id).toBeNull();
    expect(peek('{"id":null,"method":"m"').id).toBeNull();
    expect(peek('garbage "id":4,').id).toBeNull();
  });
});
