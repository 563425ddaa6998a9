import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classify, messageKind, parseMessage, type MessageKind } from '../src/index.js';

const id = fc.oneof(fc.string(), fc.integer(), fc.constant(0), fc.constant(''));
const params = fc.option(fc.dictionary(fc.string(), fc.jsonValue()), { nil: undefined });
const method = fc.string();

type Tagged = [MessageKind, Record<string, unknown>];

/** Valid messages with the kind they must classify as. */
const validMessage: fc.Arbitrary<Tagged> = fc.oneof(
  fc
    .record({ id, method, params })
    .map(({ id, method, params }): Tagged => ['request', params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params }]),
  fc
    .record({ method, params })
    .map(({ method, params }): Tagged => ['notification', params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params }]),
  fc.record({ id, result: fc.dictionary(fc.string(), fc.jsonValue()) }).map(({ id, result }): Tagged => ['response', { jsonrpc: '2.0', id, result }]),
  fc
    .record({ id: fc.option(id, { nil: null }), code: fc.integer(), message: fc.string(), data: fc.jsonValue() })
    .map(({ id, code, message, data }): Tagged => ['response', { jsonrpc: '2.0', id, error: { code, message, data } }]),
);

describe('classification properties', () => {
  it('every valid message survives a JSON round trip with its kind and its id type', () => {
    fc.assert(
      fc.property(validMessage, ([kind, message]) => {
        const outcome = parseMessage(JSON.stringify(message));
        expect(outcome.kind).toBe(kind);
        if (outcome.kind === 'invalid') return;
        expect(outcome.message).toEqual(JSON.parse(JSON.stringify(message)));
        if ('id' in message) expect(typeof (outcome.message as { id: unknown }).id).toBe(typeof message.id);
      }),
    );
  });

  it('any JSON value is classified without throwing, and an invalid one gets -32600', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const outcome = classify(value);
        expect(outcome.kind).toBe(messageKind(value));
        if (outcome.kind === 'invalid') {
          expect(outcome.error.error.code).toBe(-32600);
          expect(outcome.error.jsonrpc).toBe('2.0');
        }
      }),
    );
  });

  it('any text is parsed without throwing; text that is not JSON gets -32700 with id null', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const outcome = parseMessage(text);
        let isJson = true;
        try {
          JSON.parse(text);
        } catch {
          isJson = false;
        }
        if (!isJson) expect(outcome).toMatchObject({ kind: 'invalid', error: { id: null, error: { code: -32700 } } });
      }),
    );
  });
});
