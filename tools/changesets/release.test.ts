// What a release ships: each public package with its CHANGELOG.md (written by changesets), and
// only the public packages (tools, bench and examples are private and never packed).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepoRoot, readPackages } from '../checks/workspace.js';

const repoRoot = findRepoRoot(import.meta.dirname);
const json = (file: string) => JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8'));

/** Every workspace package folder (pnpm-workspace.yaml's globs, which end in `/*` or name a folder). */
function workspaceFolders(): string[] {
  const globs = [...fs.readFileSync(path.join(repoRoot, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^\s+-\s+(\S+)\s*$/gm)].map((m) => m[1]!);
  return globs
    .flatMap((glob) => (glob.endsWith('/*') ? fs.readdirSync(path.join(repoRoot, glob.slice(0, -2))).map((d) => `${glob.slice(0, -2)}/${d}`) : [glob]))
    .filter((dir) => fs.existsSync(path.join(repoRoot, dir, 'package.json')));
}

describe('releases', () => {
  it('publish only the packages under packages/: every other workspace package is private', () => {
    const folders = workspaceFolders();
    expect(folders.length).toBeGreaterThan(readPackages(repoRoot).length);
    for (const dir of folders) {
      const manifest = json(`${dir}/package.json`);
      expect(manifest.private === true, `${dir} (${manifest.name})`).toBe(!dir.startsWith('packages/'));
    }
    // `changeset publish` skips private packages; private ones get neither versions nor tags. It must
    // not run `prepack` (`tsup --clean`): it publishes many packages at once, and a clean rebuild of one
    // deletes the dist/ that the others' declaration builds read (seen in the release rehearsal, which
    // hung there); the release has just built everything.
    expect(json('package.json').scripts.release).toMatch(/^turbo run build .*&& pnpm_config_ignore_scripts=true changeset publish$/);
    expect(json('.changeset/config.json').privatePackages).toEqual({ version: false, tag: false });
  });

  it('every published package has a CHANGELOG.md that changesets writes into, and ships it', () => {
    expect(json('.changeset/config.json').changelog).toBe('@changesets/cli/changelog');
    for (const pkg of readPackages(repoRoot)) {
      const file = path.join(pkg.root, 'CHANGELOG.md');
      expect(fs.existsSync(file), `${pkg.dir}/CHANGELOG.md`).toBe(true);
      // changesets inserts each release after the first line: the title must be that line.
      expect(fs.readFileSync(file, 'utf8').split('\n')[0], `${pkg.dir}/CHANGELOG.md`).toBe(`# ${pkg.manifest.name}`);
    }
  });

  // One `npm pack --dry-run` for all packages (npm's start-up is most of the cost): 10-20 s.
  it('each tarball holds package.json, README.md, CHANGELOG.md, LICENSE and dist/, and no sources, tests or reports', { timeout: 180_000 }, () => {
    const packages = readPackages(repoRoot);
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', ...packages.map((p) => `./packages/${p.dir}`)], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 << 20,
    });
    const packed = JSON.parse(out) as Array<{ name: string; files: Array<{ path: string }> }>;
    expect(packed.map((p) => p.name).sort()).toEqual(packages.map((p) => p.manifest.name).sort());
    for (const { name, files } of packed) {
      const paths = files.map((f) => f.path);
      for (const required of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE']) expect(paths, name).toContain(required);
      expect(
        paths.some((p) => p.startsWith('dist/')),
        name,
      ).toBe(true);
      expect(
        paths.filter((p) => /^(src|test|api)\//.test(p)),
        name,
      ).toEqual([]);
    }
  });
});
