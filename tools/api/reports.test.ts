// `pnpm api --check`, the part `pnpm test` runs: every committed report is what the built `.d.ts`
// gives now, and a report left behind by a signature change fails the check.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findRepoRoot } from '../checks/workspace.js';
import { reportedEntries } from './entries.mjs';
import { generateReports, main, staleReports } from './run.mjs';

const repoRoot = findRepoRoot(import.meta.dirname);

/** Runs `main` with console.error captured; resolves to `{ code, errors }`. */
async function run(args: string[], root: string) {
  const errors: string[] = [];
  const original = console.error;
  console.error = (...parts: unknown[]) => errors.push(parts.join(' '));
  try {
    return { code: await main(args, root), errors: errors.join('\n') };
  } finally {
    console.error = original;
  }
}

describe('API reports', () => {
  // About 15 s alone (one TypeScript program per package); more on a busy machine.
  it('every published entry with types has a committed report equal to the one its built .d.ts gives', { timeout: 300_000 }, () => {
    const { files, dirs } = generateReports(repoRoot);
    expect(files.size).toBe(reportedEntries(repoRoot).length);
    for (const [file, text] of files) {
      const committed = fs.existsSync(path.join(repoRoot, file)) ? fs.readFileSync(path.join(repoRoot, file), 'utf8') : '(missing)';
      expect(committed, `${file} is stale: run \`pnpm api\` and commit the diff`).toBe(text);
    }
    expect(staleReports(files, dirs, repoRoot)).toEqual([]);
  });

  describe('in a throw-away copy of @mcpkit/jsonrpc', () => {
    const temps: string[] = [];
    afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));

    function copyOfJsonrpc(): string {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-api-'));
      temps.push(root);
      const pkg = path.join(root, 'packages', 'jsonrpc');
      fs.mkdirSync(path.join(pkg, 'dist'), { recursive: true });
      fs.mkdirSync(path.join(pkg, 'api'));
      // Every entry the package exports, with its declarations and its report.
      const src = path.join(repoRoot, 'packages/jsonrpc');
      const entries = [
        ...fs
          .readdirSync(path.join(src, 'dist'))
          .filter((f) => f.endsWith('.d.ts'))
          .map((f) => `dist/${f}`),
        ...fs.readdirSync(path.join(src, 'api')).map((f) => `api/${f}`),
      ];
      for (const file of ['package.json', ...entries]) {
        fs.copyFileSync(path.join(repoRoot, 'packages/jsonrpc', file), path.join(pkg, file));
      }
      // @types/node, which the declarations are read with.
      fs.symlinkSync(path.join(repoRoot, 'tools', 'node_modules'), path.join(root, 'node_modules'), 'dir');
      return root;
    }

    it('passes with the committed report, fails once a public signature changes, and `pnpm api` writes the new one', { timeout: 120_000 }, async () => {
      const root = copyOfJsonrpc();
      expect((await run(['--check', '--quiet'], root)).code).toBe(0);

      const dts = path.join(root, 'packages/jsonrpc/dist/index.d.ts');
      const before = fs.readFileSync(dts, 'utf8');
      const after = before.replace(/declare function classify\(value: unknown\)/, 'declare function classify(value: string)');
      expect(after).not.toBe(before);
      fs.writeFileSync(dts, after);

      const stale = await run(['--check', '--quiet'], root);
      expect(stale.code).toBe(1);
      expect(stale.errors).toContain('packages/jsonrpc/api/index.api.md: out of date');
      expect(stale.errors).toContain('built "export function classify(value: string): ParseOutcome;"');

      expect((await run(['--quiet'], root)).code).toBe(0);
      expect(fs.readFileSync(path.join(root, 'packages/jsonrpc/api/index.api.md'), 'utf8')).toContain('export function classify(value: string): ParseOutcome;');
      expect((await run(['--check', '--quiet'], root)).code).toBe(0);
    });

    it('a report for an entry the package no longer exports fails the check, and `pnpm api` deletes it', { timeout: 120_000 }, async () => {
      const root = copyOfJsonrpc();
      const extra = path.join(root, 'packages/jsonrpc/api/gone.api.md');
      fs.writeFileSync(extra, '```ts\nexport const gone = 1;\n```\n');
      const stale = await run(['--check', '--quiet'], root);
      expect(stale.code).toBe(1);
      expect(stale.errors).toContain('packages/jsonrpc/api/gone.api.md: no such entry in exports');
      await run(['--quiet'], root);
      expect(fs.existsSync(extra)).toBe(false);
    });
  });

  it('rejects unknown options with usage', async () => {
    const { code, errors } = await run(['--chek'], repoRoot);
    expect(code).toBe(2);
    expect(errors).toContain('usage: node tools/api/run.mjs');
  });
});
