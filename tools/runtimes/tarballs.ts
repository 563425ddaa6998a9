/**
 * Packing and installing the published packages as a user gets them: `pnpm pack` of every public
 * package (workspace specifiers rewritten to versions), then `npm install` of the tarballs in a
 * fresh folder with npm's own configuration (cwd set to the folder: no `--prefix`, which would
 * drop the user's npm config). The tarballs' own dependencies (jose, ioredis, the frameworks as
 * peers) come from the registry; `overrides` pin every @mcpkit/* to its tarball.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { moduleEntries } from '../checks/entries.mjs';
import { findRepoRoot, readPackages } from '../checks/workspace.js';
import { run } from './processes.js';

export interface Packed {
  name: string;
  dir: string;
  tarball: string;
  /** Every entry of its `exports` as an import specifier (`@mcpkit/http`, `@mcpkit/http/node`, ...). */
  entries: string[];
}

export const repoRoot = findRepoRoot(import.meta.dirname);

/**
 * Packs every public package into `dest`. The build must be current (`pnpm test` or `pnpm build` ran).
 * Under the release rehearsal (tools/release/rehearse.mjs) `MCPKIT_TARBALLS` names a JSON list of the
 * tarballs it published to its registry: those are checked instead, and nothing is packed.
 */
export async function packAll(dest: string): Promise<Packed[]> {
  const published = process.env.MCPKIT_TARBALLS;
  if (published) return JSON.parse(fs.readFileSync(published, 'utf8')) as Packed[];
  const packages = readPackages(repoRoot).filter((p) => (p.manifest as { private?: boolean }).private !== true);
  const packed: Packed[] = [];
  for (const pkg of packages) {
    // `prepack` (a clean rebuild) is skipped: the matrix runs after the build, and a rebuild of every
    // package would double its cost. pnpm still rewrites workspace: specifiers.
    const result = await run('pnpm', ['--config.ignore-scripts=true', 'pack', '--pack-destination', dest], { cwd: pkg.root });
    if (result.code !== 0) throw new Error(`pnpm pack failed in ${pkg.dir}:\n${result.output}`);
    const manifest = JSON.parse(fs.readFileSync(path.join(pkg.root, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
      exports: Record<string, unknown>;
    };
    const tarball = path.join(dest, `${manifest.name.replace('@', '').replace('/', '-')}-${manifest.version}.tgz`);
    if (!fs.existsSync(tarball)) throw new Error(`pnpm pack wrote no ${tarball}:\n${result.output}`);
    const entries = moduleEntries(manifest.name, manifest.exports);
    packed.push({ name: manifest.name, dir: pkg.dir, tarball, entries });
  }
  return packed;
}

/** A fresh folder with every tarball installed by npm. Returns the folder. */
export async function installAll(packed: Packed[]): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-consumer-'));
  const dependencies = Object.fromEntries(packed.map((p) => [p.name, `file:${p.tarball}`]));
  const overrides = Object.fromEntries(packed.map((p) => [p.name, `$${p.name}`]));
  fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'mcpkit-consumer', private: true, dependencies, overrides }, null, 2));
  const result = await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder });
  if (result.code !== 0) throw new Error(`npm install of the tarballs failed:\n${result.output}`);
  return folder;
}

/** The files of a tarball. */
export async function tarballFiles(tarball: string): Promise<string[]> {
  const listed = await run('tar', ['-tzf', tarball], { cwd: path.dirname(tarball) });
  return listed.output.split('\n').filter((line) => line !== '');
}
