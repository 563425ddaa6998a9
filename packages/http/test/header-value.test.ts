// spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Value Encoding)
// The codec is @mcpkit/schema's (its test suite pins every rule); here: a property over arbitrary
// strings that the transport relies on.
import fc from 'fast-check';
import { decodeHeaderValue, encodeHeaderValue } from '@mcpkit/schema';
import { describe, expect, it } from 'vitest';

describe('header value codec', () => {
  it('round-trips every string through header-safe characters (property)', () => {
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
