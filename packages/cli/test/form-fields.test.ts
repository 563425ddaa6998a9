import { describe, expect, it } from 'vitest';
import { checkFormContent, formFields, parseFieldText } from '../src/input/form-fields.js';

/** The elicitation form rules that both the prompts and `--answers` apply (client/elicitation.mdx). */
const schema = {
  type: 'object' as const,
  properties: {
    email: { type: 'string', format: 'email', title: 'E-mail' },
    born: { type: 'string', format: 'date' },
    nick: { type: 'string', minLength: 2, maxLength: 5 },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    score: { type: 'number' },
    ok: { type: 'boolean', default: true },
    size: {
      type: 'string',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'l', title: 'Large' },
      ],
    },
    old: { type: 'string', enum: ['a', 'b'], enumNames: ['Alpha', 'Beta'] },
    tags: { type: 'array', items: { type: 'string', enum: ['x', 'y', 'z'] }, maxItems: 2 },
  },
  required: ['email', 'age'],
};

describe('elicitation form fields', () => {
  const fields = formFields(schema as never);
  const field = (name: string) => fields.find((f) => f.name === name)!;

  it('reads the schema: kinds, labels, required, defaults and choices', () => {
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['email', 'string', true],
      ['born', 'string', false],
      ['nick', 'string', false],
      ['age', 'integer', true],
      ['score', 'number', false],
      ['ok', 'boolean', false],
      ['size', 'enum', false],
      ['old', 'enum', false],
      ['tags', 'multi', false],
    ]);
    expect(field('email').label).toBe('E-mail');
    expect(field('ok').default).toBe(true);
    expect(field('size').choices).toEqual([
      { value: 's', label: 'Small' },
      { value: 'l', label: 'Large' },
    ]);
    expect(field('old').choices).toEqual([
      { value: 'a', label: 'Alpha' },
      { value: 'b', label: 'Beta' },
    ]);
  });

  it('types what the user typed, or says why not', () => {
    expect(parseFieldText(field('age'), '42')).toEqual({ ok: true, value: 42 });
    expect(parseFieldText(field('age'), '4.5')).toEqual({ ok: false, error: 'must be a whole number' });
    expect(parseFieldText(field('age'), '200')).toEqual({ ok: false, error: 'must be at most 150' });
    expect(parseFieldText(field('score'), 'x')).toEqual({ ok: false, error: '"x" is not a number' });
    expect(parseFieldText(field('ok'), 'No')).toEqual({ ok: true, value: false });
    expect(parseFieldText(field('email'), 'ada@example')).toEqual({ ok: false, error: 'must be an email address' });
    expect(parseFieldText(field('born'), '2026-02-30x')).toEqual({ ok: false, error: 'must be a date, YYYY-MM-DD' });
    expect(parseFieldText(field('nick'), 'a')).toEqual({ ok: false, error: 'must have at least 2 characters' });
    expect(parseFieldText(field('size'), '2')).toEqual({ ok: true, value: 'l' });
    expect(parseFieldText(field('size'), 'small')).toEqual({ ok: true, value: 's' });
    expect(parseFieldText(field('tags'), '1, z')).toEqual({ ok: true, value: ['x', 'z'] });
    expect(parseFieldText(field('tags'), '1,2,3')).toEqual({ ok: false, error: 'takes at most 2 choices' });
    expect(parseFieldText(field('tags'), 'q')).toEqual({ ok: false, error: 'not a choice: q' });
  });

  it('checks a whole answer: required, unknown and mistyped fields', () => {
    expect(checkFormContent(fields, { email: 'ada@example.com', age: 36 })).toEqual([]);
    expect(checkFormContent(fields, { age: '36', extra: 1 })).toEqual([
      '"email" is required',
      '"age" must be a number',
      '"extra" is not a field of the form (fields: email, born, nick, age, score, ok, size, old, tags)',
    ]);
  });
});
