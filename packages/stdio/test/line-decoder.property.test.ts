import { readMessage, InvalidMessageError, type JsonRpcMessage } from '@mcpkit/jsonrpc';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineDecoder, encodeMessage } from '../src/index.js';

// Strings with every hard case: control characters, U+2028/2029, astral characters, lone surrogates.
const text = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('\n', '\r', '\u2028', '\u2029', '😀', 'é', '"', '\\', '\ud800', ' ') }));
const id = fc.oneof(fc.integer(), text);
const json = fc.jsonValue({ maxDepth: 3 });
const params = fc.dictionary(text, json, { maxKeys: 4 });

const message: fc.Arbitrary<JsonRpcMessage> = fc.oneof(
  fc.record({ jsonrpc: fc.constant('2.0' as const), id, method: text, params }),
  fc.record({ jsonrpc: fc.constant('2.0' as const), method: text, params }),
  fc.record({ jsonrpc: fc.constant('2.0' as const), id, result: params }),
  fc.record({
    jsonrpc: fc.constant('2.0' as const),
    id: fc.option(id, { nil: null }),
    error: fc.record({ code: fc.integer(), message: text }),
  }),
);

/** Cuts `buffer` at the given positions (taken modulo its length). */
function cut(buffer: Buffer, points: number[]): Buffer[] {
  const at = [...new Set(points.map((p) => p % (buffer.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let last = 0;
  for (const p of at) {
    chunks.push(buffer.subarray(last, p));
    last = p;
  }
  chunks.push(buffer.subarray(last));
  return chunks;
}

/** Decodes the chunks as a stdio transport does: lines, then messages or errors. */
function decode(chunks: Buffer[]) {
  const messages: JsonRpcMessage[] = [];
  const errors: InvalidMessageError[] = [];
  const decoder = new LineDecoder({
    onLine: (line) => {
      const result = readMessage(line);
      if (result instanceof InvalidMessageError) errors.push(result);
      else messages.push(result);
    },
  });
  for (const chunk of chunks) decoder.push(chunk);
  decoder.end();
  return { messages, errors };
}

const canonical = (m: JsonRpcMessage) => JSON.parse(JSON.stringify(m)) as JsonRpcMessage;

describe('framing properties', () => {
  it('any message sequence, cut into arbitrary chunks, decodes to the same messages', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 20 }), fc.array(fc.nat(), { maxLength: 30 }), fc.boolean(), (messages, points, crlf) => {
        const wire = messages.map((m) => (crlf ? encodeMessage(m).replace(/\n$/, '\r\n') : encodeMessage(m))).join('');
        const { messages: decoded, errors } = decode(cut(Buffer.from(wire, 'utf8'), points));
        expect(errors).toEqual([]);
        expect(decoded).toEqual(messages.map(canonical));
      }),
      { numRuns: 300 },
    );
  });

  it('encode then decode is the identity, down to lone surrogates and id types', () => {
    fc.assert(
      fc.property(message, (m) => {
        const { messages } = decode([Buffer.from(encodeMessage(m), 'utf8')]);
        expect(messages).toEqual([canonical(m)]);
        const decodedId = (messages[0] as { id?: unknown }).id;
        if ('id' in m) expect(typeof decodedId).toBe(typeof m.id);
      }),
    );
  });

  it('garbage lines between valid messages are reported one by one and skipped', () => {
    const garbage = fc
      .string({ minLength: 1 })
      .map((g) => g.replace(/[\r\n]/g, ' '))
      .filter((g) => g.trim().length > 0 && !isMessage(g));
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            message.map((m) => ({ m })),
            garbage.map((g) => ({ g })),
          ),
          { maxLength: 20 },
        ),
        fc.array(fc.nat(), { maxLength: 20 }),
        (items, points) => {
          const wire = items.map((item) => ('m' in item ? encodeMessage(item.m) : `${item.g}\n`)).join('');
          const { messages, errors } = decode(cut(Buffer.from(wire, 'utf8'), points));
          expect(messages).toEqual(items.flatMap((item) => ('m' in item ? [canonical(item.m)] : [])));
          expect(errors).toHaveLength(items.filter((item) => 'g' in item).length);
          for (const error of errors) expect([-32700, -32600]).toContain(error.reply?.error.code);
        },
      ),
      { numRuns: 200 },
    );
  });
});

function isMessage(line: string): boolean {
  return !(readMessage(line) instanceof InvalidMessageError);
}
