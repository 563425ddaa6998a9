// encodeInPieces: the pieces of a message carrying large strings, joined, are exactly JSON.stringify of
// it, whatever the strings hold and wherever a slice ends; and nothing is built whole.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeInPieces, LARGE_STRING_CHARS, type JsonRpcMessage } from '../src/index.js';

const joined = (pieces: Iterable<string>) => Array.from(pieces).join('');
const response = (result: Record<string, unknown>): JsonRpcMessage => ({ jsonrpc: '2.0', id: 7, result });
const textResult = (text: string) => response({ content: [{ type: 'text', text }], resultType: 'complete' });

/** Strings where escaping and slicing can go wrong. */
const TRICKY: Record<string, string> = {
  quotes: '"quoted" "" "',
  backslashes: '\\ \\\\ \\" \\n \\u0000',
  controls: Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('') + '\u007f',
  'lone high surrogate': 'a\ud83d',
  'lone low surrogate': '\ude00b',
  'reversed pair': '\ude00\ud83d',
  'non-BMP': '😀𝄞𠀋 and more 😀',
  'line separators': '\u2028\u2029\r\n',
  empty: '',
  ascii: 'abcdefghij',
};

describe('encodeInPieces', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is undefined for a message without a large string (JSON.stringify is the way there)', () => {
    expect(encodeInPieces(textResult('small'))).toBeUndefined();
    expect(encodeInPieces({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } })).toBeUndefined();
    expect(encodeInPieces({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'x'.repeat(LARGE_STRING_CHARS) } })).toBeUndefined();
  });

  it('splits a result with a string of LARGE_STRING_CHARS or more, and joins to JSON.stringify', () => {
    const message = textResult('x'.repeat(LARGE_STRING_CHARS * 3 + 5));
    const pieces = encodeInPieces(message);
    expect(pieces?.largeStrings).toBe(1);
    const all = Array.from(pieces!);
    expect(all.length).toBeGreaterThan(3);
    expect(Math.max(...all.map((p) => p.length))).toBeLessThanOrEqual(LARGE_STRING_CHARS);
    expect(all.join('')).toBe(JSON.stringify(message));
  });

  for (const [name, text] of Object.entries(TRICKY)) {
    it(`is byte-identical to JSON.stringify for ${name}, at every slice size`, () => {
      const message = textResult(text);
      for (let sliceChars = 2; sliceChars <= Math.max(2, text.length + 1); sliceChars++) {
        const pieces = encodeInPieces(message, { minStringChars: Math.min(1, text.length) || 0, sliceChars });
        expect(pieces).toBeDefined();
        expect(joined(pieces!)).toBe(JSON.stringify(message));
      }
    });
  }

  it('keeps a surrogate pair that straddles a slice boundary as one character', () => {
    // 3 code units per slice: "ab" + high surrogate would end a slice between the halves of 😀.
    const message = textResult('ab😀cd😀');
    const pieces = Array.from(encodeInPieces(message, { minStringChars: 1, sliceChars: 3 })!);
    expect(pieces.join('')).toBe(JSON.stringify(message));
    expect(pieces.join('')).not.toContain('\\ud83d');
  });

  it('handles several large strings, nested, in arrays, next to small ones, and values with toJSON', () => {
    const big = (c: string) => c.repeat(40);
    const message = response({
      content: [
        { type: 'text', text: big('a') },
        { type: 'resource', resource: { uri: 'file:///x', text: big('"') } },
        { type: 'image', data: big('Q'), mimeType: 'image/png' },
      ],
      structuredContent: { rows: [[big('\\'), 'small', 3, null, true]], when: new Date(0), gone: undefined },
      resultType: 'complete',
    });
    const pieces = encodeInPieces(message, { minStringChars: 40, sliceChars: 7 });
    expect(pieces?.largeStrings).toBe(4);
    expect(joined(pieces!)).toBe(JSON.stringify(message));
  });

  it('leaves a message whose own string holds the marker to JSON.stringify of the whole (split points would move)', () => {
    // The marker is random per process: read it back from the skeleton JSON.stringify made.
    const stringify = vi.spyOn(JSON, 'stringify');
    encodeInPieces(textResult('y'.repeat(50)), { minStringChars: 50 });
    const skeleton = stringify.mock.results.map((r) => r.value).find((v) => typeof v === 'string' && v.includes('mcpkit-piece-')) as string;
    stringify.mockRestore();
    const prefix = /mcpkit-piece-[0-9a-f]+-/.exec(skeleton)![0];
    const message = response({
      content: [
        { type: 'text', text: `${prefix}0` },
        { type: 'text', text: 'y'.repeat(50) },
      ],
    });
    expect(encodeInPieces(message, { minStringChars: 50 })).toBeUndefined();
    expect(encodeInPieces(response({ content: [{ type: 'text', text: 'y'.repeat(50) }] }), { minStringChars: 50 })).toBeDefined();
  });

  it('throws what JSON.stringify throws (a BigInt) before any piece is made', () => {
    expect(() => encodeInPieces(response({ text: 'z'.repeat(20), n: 1n }), { minStringChars: 20 })).toThrow(TypeError);
  });

  it('never builds the JSON text of a large string whole (one copy of the payload in slices, not a second one)', () => {
    const text = 'w'.repeat(LARGE_STRING_CHARS * 4);
    const stringify = vi.spyOn(JSON, 'stringify');
    const pieces = Array.from(encodeInPieces(textResult(text))!);
    const longest = Math.max(0, ...stringify.mock.results.map((r) => (typeof r.value === 'string' ? r.value.length : 0)));
    expect(longest).toBeLessThan(1000); // the skeleton only: the text itself went out in slices
    expect(pieces.length).toBeGreaterThanOrEqual(4);
  });

  it('is JSON.stringify for any string, any slice size (property)', () => {
    const unit = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '"', '\\', '\n', '\u0000', '😀'),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), fc.integer({ min: 2, max: 9 }), (units, sliceChars) => {
        const text = units.join('');
        const message = textResult(text);
        const pieces = encodeInPieces(message, { minStringChars: Math.max(1, text.length), sliceChars });
        if (text.length === 0) return;
        expect(joined(pieces!)).toBe(JSON.stringify(message));
      }),
      { numRuns: 500 },
    );
  });
});
