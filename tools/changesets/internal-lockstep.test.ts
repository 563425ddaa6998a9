// Dependents of an ./internal entry move in lockstep with it: they pin the exact version
// (`workspace:*`, which pnpm publishes as the exact version), so `changeset version` finds the pin
// out of range on any bump of the dependency and bumps them too. Caret dependents stay where they are.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { internalImports } from '../checks/internal-pins.js';
import { findRepoRoot, readPackages } from '../checks/workspace.js';

const repoRoot = findRepoRoot(import.meta.dirname);
const changesetBin = path.join(repoRoot, 'node_modules', '@changesets', 'cli', 'bin.js');

/** What `changeset version` reads (manifests, workspace file, config; no pending changesets), in a fresh folder. */
function throwAwayCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-lockstep-'));
  for (const file of ['package.json', 'pnpm-workspace.yaml', '.changeset/config.json']) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, file), path.join(dir, file));
  }
  for (const pkg of readPackages(repoRoot)) {
    fs.mkdirSync(path.join(dir, 'packages', pkg.dir), { recursive: true });
    for (const file of ['package.json', 'CHANGELOG.md']) fs.copyFileSync(path.join(pkg.root, file), path.join(dir, 'packages', pkg.dir, file));
  }
  return dir;
}
const versions = (dir: string) => Object.fromEntries(readPackages(dir).map((p) => [p.dir, (p.manifest as unknown as { version: string }).version]));
const patched = (v: string) => v.replace(/\d+$/, (n) => String(Number(n) + 1));

/** The packages that must move when `start` is patched: itself, then whoever pins a moved package exactly (workspace:*). */
function lockstep(start: string): Set<string> {
  const packages = readPackages(repoRoot);
  const moved = new Set([start]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of packages) {
      const deps = { ...p.manifest.dependencies, ...p.manifest.peerDependencies };
      if (!moved.has(p.dir) && [...moved].some((m) => deps[`@mcpkit/${m}`] === 'workspace:*')) grew = Boolean(moved.add(p.dir));
    }
  }
  return moved;
}

describe('./internal dependents are bumped in lockstep by changesets', () => {
  let dir: string | undefined;
  afterEach(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  const owners = [...new Set(internalImports(repoRoot).map((i) => i.dependency))].sort();
  it('the entries imported across packages are those of client and tasks (http and jsonrpc made theirs public: toolkit, encoding)', () => {
    expect(owners).toEqual(['client', 'tasks']);
  });

  for (const dependency of owners) {
    it(`a patch of @mcpkit/${dependency} patches its ./internal importers (and theirs), nothing else`, () => {
      const importers = internalImports(repoRoot)
        .filter((i) => i.dependency === dependency)
        .map((i) => i.pkg);
      const expected = lockstep(dependency);
      for (const pkg of importers) expect(expected.has(pkg), pkg).toBe(true);
      dir = throwAwayCopy();
      const before = versions(dir);
      fs.writeFileSync(path.join(dir, '.changeset', 'fix.md'), `---\n"@mcpkit/${dependency}": patch\n---\n\nA fix.\n`);
      execFileSync(process.execPath, [changesetBin, 'version'], { cwd: dir, stdio: 'pipe' });
      const after = versions(dir);
      const moved = Object.keys(before).filter((p) => after[p] !== before[p]);
      expect(moved.sort()).toEqual([...expected].sort());
      for (const pkg of moved) expect(after[pkg], pkg).toBe(patched(before[pkg]!));
      // The pin stays the workspace protocol in the repository; pnpm publish writes the exact version.
      for (const pkg of importers) {
        const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'packages', pkg, 'package.json'), 'utf8'));
        expect(manifest.dependencies[`@mcpkit/${dependency}`], pkg).toBe('workspace:*');
      }
    });
  }
});
