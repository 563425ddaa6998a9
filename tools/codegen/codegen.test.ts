// `pnpm codegen --check`: the committed generated files are exactly what codegen produces now. With
// the inputs unchanged since tools/codegen/stamp.json this compares hashes (under a second); after an
// edit of schema/, of codegen, or a generator upgrade it regenerates everything (20-90 s).
import { describe, expect, it } from 'vitest';
import { main } from './run.mjs';

describe('codegen --check', () => {
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
    errors.length = 0;
    console.error = (...args: unknown[]) => errors.push(args.join(' '));
    try {
      expect(await main(['--full'])).toBe(2);
    } finally {
      console.error = original;
    }
    expect(errors.join('\n')).toContain('--full goes with --check');
  });
});
