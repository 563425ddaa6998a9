import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkArrows, checkExportsOnly, checkFileCycles, checkPackageCycles, checkRepository, isExported } from './checks.js';
import { lintPublished } from './publint.js';
import { checkTimers, findTimedCalls } from './sleeps.js';
import { findRepoRoot, readPackages } from './workspace.js';

const repoRoot = findRepoRoot(import.meta.dirname);

describe('the repository keeps the house rules of docs/architecture.md', () => {
  it('has no arrow, exports or cycle violations', () => {
    const violations = checkRepository(repoRoot);
    expect(violations.map((v) => `${v.rule} ${v.where}: ${v.message}`)).toEqual([]);
  });

  it('every package has the fields a published package needs', () => {
    for (const pkg of readPackages(repoRoot)) {
      const m = JSON.parse(fs.readFileSync(path.join(pkg.root, 'package.json'), 'utf8'));
      expect(m.version, pkg.dir).toMatch(/^\d+\.\d+\.\d+/);
      expect(m.sideEffects, pkg.dir).toBe(false);
      expect(m.engines?.node, pkg.dir).toBe('>=20');
      expect(m.files, pkg.dir).toContain('dist');
      expect(m.exports?.['.']?.import?.types, pkg.dir).toBeTruthy();
      expect(m.exports?.['.']?.require?.default, pkg.dir).toMatch(/\.cjs$/);
      expect(fs.existsSync(path.join(pkg.root, 'README.md')), `${pkg.dir}/README.md`).toBe(true);
      // npm packs a LICENSE file whatever `files` says; the packages declare Apache-2.0.
      expect(m.license, pkg.dir).toBe('Apache-2.0');
      expect(fs.readFileSync(path.join(pkg.root, 'LICENSE'), 'utf8'), `${pkg.dir}/LICENSE`).toContain(
        'Apache License\n                           Version 2.0, January 2004',
      );
    }
  });

  it('every subpath entry resolves under TypeScript node10 resolution too (typesVersions)', () => {
    for (const pkg of readPackages(repoRoot)) {
      const m = JSON.parse(fs.readFileSync(path.join(pkg.root, 'package.json'), 'utf8'));
      for (const [subpath, target] of Object.entries<{ import?: { types?: string } }>(m.exports ?? {})) {
        if (subpath === '.' || subpath.endsWith('.json') || typeof target !== 'object' || !target.import?.types) continue;
        expect(m.typesVersions?.['*']?.[subpath.slice(2)], `${pkg.dir}: typesVersions for ${subpath}`).toEqual([target.import.types]);
      }
    }
  });

  // Tests that depend on time use fake or injected clocks (CONTRIBUTING.md): a literal wait of 100 ms
  // or more in test code is a real sleep for a timeout or a margin for a loaded machine.
  it('no test code arms a timer of 100 ms or more, outside the reasoned allow-list in tools/checks/sleeps.ts', () => {
    const { unexcused, stale } = checkTimers(repoRoot);
    expect(unexcused.map((c) => `${c.file}:${c.line} ${c.text}`)).toEqual([]);
    expect(stale).toEqual([]);
  });

  it('publint finds no error or warning in any built package', async () => {
    const packages = readPackages(repoRoot);
    for (const pkg of packages) expect(fs.existsSync(path.join(pkg.root, 'dist')), `${pkg.dir} is built`).toBe(true);
    const problems = (await Promise.all(packages.map(lintPublished))).flat();
    expect(problems).toEqual([]);
  });
});

describe('the checks catch what they are for', () => {
  const temps: string[] = [];
  afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));

  /** Writes a throw-away repository: `files` maps relative paths to contents. */
  function fixture(files: Record<string, string | object>): string {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-checks-'));
    temps.push(root);
    fs.writeFileSync(path.join(root, 'pnpm-workspace.yaml'), 'packages: [packages/*]\n');
    for (const [file, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), typeof content === 'string' ? content : JSON.stringify(content));
    }
    return root;
  }
  const manifest = (name: string, deps: Record<string, string> = {}, devDeps: Record<string, string> = {}) => ({
    name: `@mcpkit/${name}`,
    exports: { '.': './dist/index.js', './2025-11-25': './dist/legacy.js' },
    dependencies: deps,
    devDependencies: devDeps,
  });

  it('a modern package importing @mcpkit/legacy fails the arrow check', () => {
    const root = fixture({
      'packages/server/package.json': manifest('server', { '@mcpkit/legacy': 'workspace:*' }),
      'packages/server/src/index.ts': "import { connect } from '@mcpkit/legacy';\nexport const x = connect;\n",
      'packages/legacy/package.json': manifest('legacy'),
      'packages/legacy/src/index.ts': 'export const connect = 1;\n',
    });
    const messages = checkArrows(root).map((v) => v.message);
    expect(messages).toContain('@mcpkit/server must not depend on @mcpkit/legacy (allowed: jsonrpc, schema)');
    expect(messages.some((m) => m.startsWith('@mcpkit/server imports @mcpkit/legacy'))).toBe(true);
  });

  it('a type-only import of the legacy adapter from a modern package is still refused', () => {
    const root = fixture({
      'packages/client/package.json': manifest('client'),
      'packages/client/src/index.ts': "import type { X } from '@mcpkit/legacy';\nexport type Y = X;\n",
      'packages/legacy/package.json': manifest('legacy'),
    });
    expect(checkArrows(root).map((v) => v.rule)).toEqual(['arrow']);
  });

  it('an import of an allowed package that is not declared is reported', () => {
    const root = fixture({
      'packages/stdio/package.json': manifest('stdio'),
      'packages/stdio/src/index.ts': "export * from '@mcpkit/jsonrpc';\n",
      'packages/jsonrpc/package.json': manifest('jsonrpc'),
    });
    expect(checkArrows(root).map((v) => v.rule)).toEqual(['undeclared']);
  });

  it('deep imports and relative escapes fail the exports check; exported subpaths pass', () => {
    const root = fixture({
      'packages/stdio/package.json': manifest('stdio', { '@mcpkit/jsonrpc': 'workspace:*' }),
      'packages/stdio/src/a.ts': "import { x } from '@mcpkit/jsonrpc/src/messages.js';\nexport { x };\n",
      'packages/stdio/src/b.ts': "export * from '../../jsonrpc/src/index.js';\n",
      'packages/stdio/test/c.test.ts': "import '@mcpkit/jsonrpc/2025-11-25';\nimport '@mcpkit/jsonrpc';\n",
      'packages/jsonrpc/package.json': manifest('jsonrpc'),
    });
    const found = checkExportsOnly(root).map((v) => v.where);
    expect(found).toEqual(['packages/stdio/src/a.ts:1', 'packages/stdio/src/b.ts:1']);
  });

  it('exports patterns with * are honoured', () => {
    const m = { name: '@mcpkit/schema', exports: { '.': './a.js', './json/*': './json/*' } };
    expect(isExported(m, './json/2026-07-28.schema.json')).toBe(true);
    expect(isExported(m, './src/index.ts')).toBe(false);
  });

  it('a real sleep in a test is found; fake-clock advances and short polls are not', () => {
    const root = fixture({
      'packages/stdio/package.json': manifest('stdio'),
      'packages/stdio/test/a.test.ts': [
        "import { vi } from 'vitest';",
        'await new Promise((r) => setTimeout(r, 1_500));',
        'await vi.advanceTimersByTimeAsync(5_000);',
        'while (!done) await new Promise((r) => setTimeout(r, 20));',
        "import { setTimeout as sleep } from 'node:timers/promises';",
        'await sleep(300);',
      ].join('\n'),
      'packages/stdio/src/b.ts': 'setTimeout(() => {}, 5000);\n',
    });
    expect(findTimedCalls(root).map((c) => [c.file, c.line, c.ms])).toEqual([
      ['packages/stdio/test/a.test.ts', 2, 1500],
      ['packages/stdio/test/a.test.ts', 6, 300],
    ]);
  });

  it('a cycle between packages (through devDependencies too) is reported', () => {
    const root = fixture({
      'packages/client/package.json': manifest('client', { '@mcpkit/jsonrpc': 'workspace:*' }, { '@mcpkit/server': 'workspace:*' }),
      'packages/server/package.json': manifest('server', {}, { '@mcpkit/client': 'workspace:*' }),
      'packages/jsonrpc/package.json': manifest('jsonrpc'),
    });
    expect(checkPackageCycles(root).map((v) => v.message)).toEqual(['@mcpkit/client → @mcpkit/server → @mcpkit/client']);
  });

  it('a runtime cycle between files is reported, a type-only one is not', () => {
    const root = fixture({
      'packages/jsonrpc/package.json': manifest('jsonrpc'),
      'packages/jsonrpc/src/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'packages/jsonrpc/src/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
      'packages/jsonrpc/src/c.ts': "import type { D } from './d.js';\nexport interface C { d?: D }\n",
      'packages/jsonrpc/src/d.ts': "import type { C } from './c.js';\nexport interface D { c?: C }\n",
    });
    const cycles = checkFileCycles(root);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.message).toBe('packages/jsonrpc/src/a.ts → packages/jsonrpc/src/b.ts → packages/jsonrpc/src/a.ts');
  });
});
