// `pnpm codegen --check`: the committed generated files are exactly what codegen produces now.
import { describe, expect, it } from 'vitest';
import { main } from './run.mjs';

describe('codegen --check', () => {
  // Regenerating everything takes 20-90 s depending on how busy the machine is (quicktype is most of it).
  it('finds every generated file up to date', { timeout: 300_000 }, async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args.join(' '));
    try {
      expect(await main(['--check', '--quiet'])).toBe(0);
    } finally {
      console.error = original;
    }
    expect(errors).toEqual([]);
  });

  it('rejects unknown options with usage', async () => {
    const original = console.error;
    const errors: string[] = [];
    console.error = (...args: unknown[]) => errors.push(args.join(' '));
    try {
      expect(await main(['--chek'])).toBe(2);
    } finally {
      console.error = original;
    }
    expect(errors.join('\n')).toContain('usage: node tools/codegen/run.mjs');
  });
});
