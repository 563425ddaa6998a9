import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { compileClosureCheck } from '../src/json-schema/closure-check.js';

/** Schemas inside the fast subset, including the bench's and the conformance `echo`/`add` tools. */
const SUBSET: Record<string, unknown>[] = [
  { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
  { type: 'object', additionalProperties: false },
  { type: 'object', properties: { text: { type: 'string', description: 'The text' } }, required: ['text'], additionalProperties: false },
  { type: 'object', properties: { n: { type: ['integer', 'null'], minimum: -2, exclusiveMaximum: 3 } }, additionalProperties: { type: 'boolean' } },
  { type: 'object', properties: { s: { type: 'string', minLength: 1, maxLength: 2, pattern: '^[a-z😀]+$' } }, minProperties: 1, maxProperties: 2 },
  { type: 'object', properties: { e: { enum: ['a', 1, null, { k: [1] }] }, c: { const: { k: [1] } } } },
  { type: 'object', properties: { list: { type: 'array', items: { type: 'number', maximum: 1.5, exclusiveMinimum: -1 }, minItems: 1, maxItems: 3 } } },
  { type: 'object', properties: { mail: { type: 'string', format: 'email' }, when: { format: 'date-time' }, odd: { format: 'not-a-format' } } },
  { type: 'object', properties: { nested: { type: 'object', properties: { x: true, y: false }, required: ['x'] } }, 'x-mcp-header': 'ignored' },
];

/** Schemas outside it: the full validator interprets them. */
const OUTSIDE: Record<string, unknown>[] = [
  { type: 'object', properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: { type: 'string' } } },
  { type: 'object', anyOf: [{ required: ['a'] }, { required: ['b'] }] },
  { type: 'object', properties: { t: { items: [{ type: 'string' }] } } },
  { type: 'object', properties: { n: { multipleOf: 0.1 } } },
  { type: 'object', if: { required: ['a'] }, then: { required: ['b'] } },
  { type: 'object', patternProperties: { '^x': { type: 'string' } } },
  { type: 'object', properties: { u: { uniqueItems: true } } },
];

/** A small deterministic generator (no flakiness): values of every JSON type, biased towards the schemas' keys. */
function values(seed: number, count: number): unknown[] {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const KEYS = ['text', 'a', 'b', 'n', 's', 'e', 'c', 'list', 'mail', 'when', 'odd', 'nested', 'x', 'y', 'other', '__proto__'];
  const STRINGS = ['', 'a', 'ab', 'abc', 'A', '😀', 'a😀', '😀😀😀', 'ada@example.com', 'not an email', '2026-07-28T10:00:00Z', '2026-13-40'];
  const NUMBERS = [0, -0, 1, 1.0, 1.5, 2, 3, -1, -2, -3, 0.5, 1e21, -1e-7, Number.MAX_SAFE_INTEGER];
  const value = (depth: number): unknown => {
    const kind = depth > 2 ? Math.floor(random() * 4) : Math.floor(random() * 7);
    switch (kind) {
      case 0:
        return pick([null, true, false]);
      case 1:
        return pick(NUMBERS);
      case 2:
        return pick(STRINGS);
      case 3:
        return pick(['a', 1, null, { k: [1] }, { k: [1.0] }, { k: ['1'] }]);
      case 4:
        return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      default: {
        const object: Record<string, unknown> = {};
        const size = Math.floor(random() * 4);
        for (let i = 0; i < size; i++)
          Object.defineProperty(object, pick(KEYS), { value: value(depth + 1), enumerable: true, configurable: true, writable: true });
        return object;
      }
    }
  };
  return Array.from({ length: count }, () => value(0));
}

describe('closure checks (the eval-free fast path)', () => {
  SUBSET.forEach((schema, i) => {
    it(`decides exactly as @cfworker/json-schema: subset schema ${i}`, () => {
      const fast = compileClosureCheck(schema);
      expect(fast).toBeTypeOf('function');
      const full = new Validator(structuredClone(schema) as object, '2020-12', true);
      const seen = new Set<boolean>();
      for (const value of values(i + 1, 3000)) {
        const wrapped = { text: 'x', a: 1, b: 2, ...(typeof value === 'object' && value !== null && !Array.isArray(value) ? value : { other: value }) };
        for (const v of [value, wrapped]) {
          const valid = full.validate(v).valid;
          seen.add(valid);
          expect({ v, valid: fast!(v) }).toEqual({ v, valid });
        }
      }
      expect(seen).toEqual(new Set([true, false])); // the values exercised both answers
    });
  });

  it('leaves every schema with $ref, combinators, conditionals, tuples, multipleOf or uniqueItems to the full validator', () => {
    for (const schema of OUTSIDE) expect(compileClosureCheck(schema)).toBeUndefined();
  });
});
