// The headless user of the conformance client: what it answers to a form.
import { describe, expect, it } from 'vitest';
import { acceptWithDefaults } from '../src/answers.js';

describe('acceptWithDefaults', () => {
  it('accepts with every default applied, each of its own type (SEP-1034)', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', default: 'John Doe' },
        age: { type: 'integer', default: 30 },
        score: { type: 'number', default: 95.5 },
        status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
        verified: { type: 'boolean', default: true },
      },
    };
    expect(acceptWithDefaults(schema)).toEqual({ action: 'accept', content: { name: 'John Doe', age: 30, score: 95.5, status: 'active', verified: true } });
  });

  it('fills required fields without a default with a value of their type, and leaves optional ones out', () => {
    const schema = {
      type: 'object',
      properties: {
        user: { type: 'string' },
        ok: { type: 'boolean' },
        count: { type: 'integer', minimum: 2 },
        color: { type: 'string', oneOf: [{ const: 'red', title: 'Red' }] },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
        note: { type: 'string' },
      },
      required: ['user', 'ok', 'count', 'color', 'tags'],
    };
    expect(acceptWithDefaults(schema).content).toEqual({ user: 'conformance', ok: true, count: 2, color: 'red', tags: ['a'] });
  });
});
