import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findRepoRoot, readPackages } from '../checks/workspace.js';

const repoRoot = findRepoRoot(import.meta.dirname);
const changesetBin = path.join(repoRoot, 'node_modules', '@changesets', 'cli', 'bin.js');

/** Copies what `changeset version` reads (manifests, workspace file, config) into a fresh folder. */
function throwAwayCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-changesets-'));
  for (const file of ['package.json', 'pnpm-workspace.yaml', '.changeset/config.json']) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, file), path.join(dir, file));
  }
  for (const pkg of readPackages(repoRoot)) {
    const target = path.join(dir, 'packages', pkg.dir);
    fs.mkdirSync(target, { recursive: true });
    for (const file of ['package.json', 'CHANGELOG.md']) fs.copyFileSync(path.join(pkg.root, file), path.join(target, file));
  }
  return dir;
}

const versions = (dir: string) => Object.fromEntries(readPackages(dir).map((p) => [p.manifest.name, (p.manifest as unknown as { version: string }).version]));

describe('changesets version packages independently', () => {
  let dir: string | undefined;
  afterEach(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  it('has no fixed or linked groups', () => {
    const config = JSON.parse(fs.readFileSync(path.join(repoRoot, '.changeset/config.json'), 'utf8'));
    expect(config.fixed).toEqual([]);
    expect(config.linked).toEqual([]);
  });

  it('a minor change to @mcpkit/jsonrpc bumps it and its dependents only', () => {
    dir = throwAwayCopy();
    const before = versions(dir);
    fs.writeFileSync(
      path.join(dir, '.changeset', 'jsonrpc-change.md'),
      '---\n"@mcpkit/jsonrpc": minor\n---\n\nA change.\n\nBREAKING: `classify` is gone; use `parseMessage`.\n',
    );
    execFileSync(process.execPath, [changesetBin, 'version'], { cwd: dir, stdio: 'pipe' });
    const after = versions(dir);
    const deps = (p: ReturnType<typeof readPackages>[number]) => ({ ...p.manifest.dependencies, ...p.manifest.peerDependencies });
    const dependents = readPackages(dir)
      .filter((p) => Object.keys(deps(p)).includes('@mcpkit/jsonrpc'))
      .map((p) => p.manifest.name);
    expect(dependents.length).toBeGreaterThan(0);
    // Dependents pinned exactly to a package that moved (`workspace:*`, an ./internal entry) move in
    // lockstep too (CONTRIBUTING.md, "Internal entries"): legacy follows client and tasks.
    for (let grew = true; grew; ) {
      grew = false;
      for (const p of readPackages(dir)) {
        const pinned = Object.entries(deps(p)).some(([name, spec]) => spec === 'workspace:*' && dependents.includes(name));
        if (pinned && !dependents.includes(p.manifest.name)) grew = Boolean(dependents.push(p.manifest.name));
      }
    }
    for (const [name, version] of Object.entries(before)) {
      if (name === '@mcpkit/jsonrpc') expect(after[name]).not.toBe(version);
      else if (dependents.includes(name)) expect(after[name], name).not.toBe(version);
      else expect(after[name], `${name} must not move`).toBe(version);
    }
    const [major, minor] = before['@mcpkit/jsonrpc']!.split('.').map(Number);
    expect(after['@mcpkit/jsonrpc']).toBe(`${major}.${minor! + 1}.0`);
    expect(after['@mcpkit/schema']).toBe(before['@mcpkit/schema']);
    // The committed CHANGELOG.md keeps its title; the release goes under it, the BREAKING: line as written.
    const [major2, minor2] = after['@mcpkit/jsonrpc']!.split('.');
    const changelog = fs.readFileSync(path.join(dir, 'packages/jsonrpc/CHANGELOG.md'), 'utf8');
    expect(changelog.startsWith(`# @mcpkit/jsonrpc\n\n## ${major2}.${minor2}.0\n\n### Minor Changes\n\n`), changelog).toBe(true);
    expect(changelog).toContain('A change.');
    expect(changelog).toContain('BREAKING: `classify` is gone; use `parseMessage`.');
    const dependent = fs.readFileSync(path.join(dir, 'packages', dependents[0]!.replace('@mcpkit/', ''), 'CHANGELOG.md'), 'utf8');
    expect(dependent).toMatch(/### Patch Changes[\s\S]*Updated dependencies[\s\S]*@mcpkit\/jsonrpc@/);
  });
});
