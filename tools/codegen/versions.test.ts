// One version for @mcpkit/schema and its bindings: every manifest in the repository carries it, and
// the release flow (`pnpm version-packages`: `changeset version`, then tools/codegen/versions.mjs)
// moves them all together, shown on a throw-away copy of the repository's manifests.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readPackages } from '../checks/workspace.js';
import { REPO_ROOT } from './lib/paths.mjs';
import { disagreements, MANIFESTS, manifestVersions } from './versions.mjs';

const changesetBin = join(REPO_ROOT, 'node_modules', '@changesets', 'cli', 'bin.js');
const schemaVersion = (root: string) => (JSON.parse(readFileSync(join(root, 'packages/schema/package.json'), 'utf8')) as { version: string }).version;

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

/** What `changeset version` and versions.mjs read and write: manifests, workspace, config, binding manifests. */
function throwAwayCopy(): string {
  const copy = mkdtempSync(join(tmpdir(), 'mcpkit-versions-'));
  for (const file of ['package.json', 'pnpm-workspace.yaml', '.changeset/config.json', ...Object.keys(MANIFESTS)]) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(REPO_ROOT, file), join(copy, file));
  }
  for (const pkg of readPackages(REPO_ROOT)) cpSync(join(pkg.root, 'package.json'), join(copy, 'packages', pkg.dir, 'package.json'));
  return copy;
}

describe('binding versions', () => {
  it('every binding manifest carries the version of @mcpkit/schema', () => {
    expect(disagreements()).toEqual([]);
    expect(new Set(Object.values(manifestVersions()))).toEqual(new Set([schemaVersion(REPO_ROOT)]));
  });

  it('pnpm version-packages runs changeset version, then writes the version into the bindings', () => {
    const root = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(root.scripts['version-packages']).toBe('changeset version && node tools/codegen/versions.mjs');
  });

  it('a minor changeset for @mcpkit/schema moves every binding manifest to the new version', () => {
    dir = throwAwayCopy();
    const before = schemaVersion(dir);
    writeFileSync(join(dir, '.changeset', 'schema-change.md'), '---\n"@mcpkit/schema": minor\n---\n\nA change.\n');
    execFileSync(process.execPath, [changesetBin, 'version'], { cwd: dir, stdio: 'pipe' });
    const after = schemaVersion(dir);
    expect(after).not.toBe(before);
    // Without the second step the manifests are left behind, and the check says so.
    expect(disagreements(dir)).toHaveLength(Object.keys(MANIFESTS).length);
    execFileSync(process.execPath, [join(REPO_ROOT, 'tools', 'codegen', 'versions.mjs'), '--root', dir], { stdio: 'pipe' });
    expect(disagreements(dir)).toEqual([]);
    expect(new Set(Object.values(manifestVersions(dir)))).toEqual(new Set([after]));
  });
});
