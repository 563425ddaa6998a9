// The published declarations compile for a consumer that imports every public entry of every
// package, with skipLibCheck off (our .d.ts files are checked, as a strict consumer sees them):
// (a) Node types only (`lib: ["es2022"]`, `types: ["node"]`, no DOM), (b) with the DOM lib too.
// Runs over the built packages (dist/), from a throw-away project outside the workspace.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleEntries } from '../checks/entries.mjs';
import { findRepoRoot, readPackages } from '../checks/workspace.js';

const repoRoot = findRepoRoot(import.meta.dirname);
const toolsRoot = path.join(repoRoot, 'tools');
const tsc = path.join(toolsRoot, 'node_modules', 'typescript', 'bin', 'tsc');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));

/**
 * Entries for web pages: their declarations name DOM types (the container element, the frame), so
 * only the consumer with the DOM lib imports them.
 */
const WEB_PAGE_ENTRIES = new Set(['@mcpkit/apps-host/web']);

/**
 * Every public entry (`exports` keys but `./internal`, JSON files, package.json and `*.bundle.js`
 * files a page loads as they are) of every package.
 */
function publicEntries(): string[] {
  return readPackages(repoRoot).flatMap((pkg) => moduleEntries(pkg.manifest.name, pkg.manifest.exports, { json: false, internal: false }));
}

/** Type-checks a consumer importing every entry with `lib`; returns tsc's exit code and its diagnostics. */
function compileConsumer(lib: string[]): { status: number | null; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-consumer-'));
  temps.push(dir);
  // tools/ depends on every package (workspace links to their dist) and on @types/node.
  fs.symlinkSync(path.join(toolsRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  const dom = lib.some((l) => l.toLowerCase() === 'dom');
  const imports = publicEntries()
    .filter((entry) => dom || !WEB_PAGE_ENTRIES.has(entry))
    .map((entry, i) => `import * as e${i} from '${entry}';\nexport { e${i} };`);
  fs.writeFileSync(path.join(dir, 'index.ts'), `${imports.join('\n')}\n`);
  const compilerOptions = {
    target: 'es2022',
    lib,
    types: ['node'],
    module: 'nodenext',
    moduleResolution: 'nodenext',
    strict: true,
    noEmit: true,
    skipLibCheck: false,
  };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['index.ts'] }, null, 2));
  const result = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.split(repoRoot).join('<repo>') };
}

describe('the declarations of every public entry compile for consumers', () => {
  it('lists the entries it imports (every package, none of the ./internal ones)', () => {
    const entries = publicEntries();
    expect(entries).toContain('@mcpkit/server');
    expect(entries).toContain('@mcpkit/http/node');
    expect(entries).toContain('@mcpkit/auth/client');
    expect(entries.some((e) => e.includes('internal'))).toBe(false);
    expect(new Set(entries.map((e) => e.split('/').slice(0, 2).join('/'))).size).toBe(readPackages(repoRoot).length);
  });

  it('(a) Node types only: lib es2022, types node, no DOM', { timeout: 600_000 }, () => {
    const { status, output } = compileConsumer(['es2022']);
    expect(output).toBe('');
    expect(status).toBe(0);
  });

  it('(b) with the DOM lib: lib es2022 + dom, types node', { timeout: 600_000 }, () => {
    const { status, output } = compileConsumer(['es2022', 'dom', 'dom.iterable']);
    expect(output).toBe('');
    expect(status).toBe(0);
  });
});
