// spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Value Encoding)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeHeaderValue, encodeHeaderValue, isPlainHeaderValue } from '../src/index.js';

describe('encodeHeaderValue', () => {
  it.each([
    ['us-west1', 'us-west1'],
    ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
    [' padded ', '=?base64?IHBhZGRlZCA=?='],
    ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
    ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
  ])('encodes %j as the spec table says', (value, encoded) => {
    expect(encodeHeaderValue(value)).toBe(encoded);
  });

  it('encodes integers in decimal and booleans as true/false', () => {
    expect(encodeHeaderValue(42)).toBe('42');
    expect(encodeHeaderValue(-7)).toBe('-7');
    expect(encodeHeaderValue(true)).toBe('true');
    expect(encodeHeaderValue(false)).toBe('false');
  });

  it('refuses numbers that are not safe integers', () => {
    expect(() => encodeHeaderValue(1.5)).toThrow(RangeError);
    expect(() => encodeHeaderValue(2 ** 53)).toThrow(RangeError);
    expect(() => encodeHeaderValue(Number.NaN)).toThrow(RangeError);
  });

  it('base64-encodes the empty string, tabs and DEL, which plain values cannot carry safely', () => {
    for (const value of ['', 'a\tb', 'a\u007fb']) expect(encodeHeaderValue(value)).toMatch(/^=\?base64\?.*\?=$/);
    expect(isPlainHeaderValue('a b')).toBe(true);
  });
});

describe('decodeHeaderValue', () => {
  it('decodes the sentinel form and passes plain values through', () => {
    expect(decodeHeaderValue('=?base64?SGVsbG8sIOS4lueVjA==?=')).toBe('Hello, 世界');
    expect(decodeHeaderValue('us-west1')).toBe('us-west1');
  });

  it('treats markers case-sensitively: an uppercase marker is a plain literal', () => {
    expect(decodeHeaderValue('=?BASE64?SGk=?=')).toBe('=?BASE64?SGk=?=');
  });

  it.each([
    ['bad base64 alphabet', '=?base64?SGk*?='],
    ['bad base64 padding', '=?base64?SGk?='],
    ['base64 of invalid UTF-8', `=?base64?${btoa('\xff\xfe')}?=`],
    ['a control character', 'a\u0001b'],
    ['a non-ASCII character as received (latin1)', 'caf\u00e9'],
  ])('rejects %s', (_label, raw) => {
    expect(decodeHeaderValue(raw)).toBeUndefined();
  });

  it('round-trips every string (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        const encoded = encodeHeaderValue(value);
        for (let i = 0; i < encoded.length; i++) {
          const c = encoded.charCodeAt(i);
          expect(c >= 0x20 && c <= 0x7e).toBe(true);
        }
        expect(decodeHeaderValue(encoded)).toBe(value);
      }),
    );
  });
});
