import { describe, expect, it } from 'vitest';
import { createEvalFreeValidator, evalFreeValidator } from '../src/json-schema/index.js';

const MAIL = { type: 'object', properties: { to: { type: 'string', format: 'email' }, cc: { type: 'array', items: { format: 'email' } } } };

describe('@mcpkit/schema/json-schema', () => {
  it('asserts formats by default, and treats them as annotations with assertFormats: false', () => {
    const asserting = evalFreeValidator.compile(MAIL, '2020-12');
    const annotating = createEvalFreeValidator({ assertFormats: false }).compile(MAIL, '2020-12');
    for (const value of [{ to: 'nope' }, { cc: ['a@b.c', 'nope'] }]) {
      expect(asserting(value)).toMatch(/email/);
      expect(annotating(value)).toBeUndefined();
    }
    expect(annotating({ to: 3 })).toMatch(/^\/to: must be string/);
    expect(MAIL.properties.to.format).toBe('email'); // the caller's schema keeps its formats
  });

  it('refuses schemas it cannot use, saying why', () => {
    expect(() => evalFreeValidator.compile({ properties: { a: { $ref: '#/$defs/nowhere' } } }, '2020-12')).toThrow(/does not resolve inside the schema/);
    expect(() => evalFreeValidator.compile({ type: 'objet' }, '2020-12')).toThrow(/\/type: must be one of/);
  });

  it('decides with the dialect given: draft-07 tuples, 2020-12 prefixItems', () => {
    const tuple07 = evalFreeValidator.compile({ type: 'array', items: [{ type: 'string' }], additionalItems: false }, 'draft-07');
    expect(tuple07(['a'])).toBeUndefined();
    expect(tuple07(['a', 'b'])).toBeDefined();
    const tuple2020 = evalFreeValidator.compile({ type: 'array', prefixItems: [{ type: 'string' }], items: false }, '2020-12');
    expect(tuple2020(['a'])).toBeUndefined();
    expect(tuple2020(['a', 1])).toBeDefined();
  });
});
