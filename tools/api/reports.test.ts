// `pnpm api --check`, the part `pnpm test` runs: every committed report is what the built `.d.ts`
// gives now, and a report left behind by a signature change fails the check.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findRepoRoot } from '../checks/workspace.js';
import { reportedEntries } from './entries.mjs';
import { extractPackage } from './extract.mjs';
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

  it('every type a public signature uses can be named: the entry exports it, or another entry of its package does', () => {
    const forgotten: string[] = [];
    for (const entry of reportedEntries(repoRoot)) {
      const text = fs.readFileSync(path.join(entry.root, entry.report), 'utf8');
      for (const line of text.split('\n')) if (line.includes('ae-forgotten-export')) forgotten.push(`${entry.pkg}${entry.subpath.slice(1)}: ${line.trim()}`);
    }
    expect(forgotten, 'export these types (with a README line and a changeset), or stop using them in the public API').toEqual([]);
  });

  it('names the entry that exports a type another entry uses, and keeps the warning for a type no entry exports', { timeout: 120_000 }, () => {
    // A package of two entries whose declarations share a chunk, as tsup writes them.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-api-shared-'));
    try {
      const pkg = path.join(root, 'packages', 'shapes');
      fs.mkdirSync(path.join(pkg, 'dist'), { recursive: true });
      fs.symlinkSync(path.join(repoRoot, 'tools', 'node_modules'), path.join(root, 'node_modules'), 'dir');
      const manifest = { name: '@mcpkit/shapes', version: '0.0.0', exports: { '.': { types: './dist/index.d.ts' }, './draw': { types: './dist/draw.d.ts' } } };
      fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify(manifest));
      fs.writeFileSync(
        path.join(pkg, 'dist/chunk-A1.d.ts'),
        'interface Point { x: number; y: number }\ninterface Secret { key: string }\nexport { Point as P, Secret as S };\n',
      );
      fs.writeFileSync(path.join(pkg, 'dist/index.d.ts'), "export { P as Point } from './chunk-A1.js';\n");
      fs.writeFileSync(
        path.join(pkg, 'dist/draw.d.ts'),
        "import { P as Point, S as Secret } from './chunk-A1.js';\nexport declare function draw(at: Point, secret: Secret): void;\n",
      );
      const entries = reportedEntries(root);
      const draw = extractPackage(entries).get('./draw') ?? '';
      expect(draw).toContain('// "Point" is exported by @mcpkit/shapes\n');
      expect(draw).toContain('// Warning: (ae-forgotten-export) The symbol "Secret" needs to be exported by the entry point draw.d.ts');
      expect(draw).not.toContain('The symbol "Point"');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('rejects unknown options with usage', async () => {
    const { code, errors } = await run(['--chek'], repoRoot);
    expect(code).toBe(2);
    expect(errors).toContain('usage: node tools/api/run.mjs');
  });
});
