import fs from 'node:fs';
import path from 'node:path';

/** One workspace package as the checks see it. */
export interface WorkspacePackage {
  /** Folder name under packages/ (e.g. `jsonrpc`). */
  dir: string;
  /** Absolute path of the package folder. */
  root: string;
  manifest: {
    name: string;
    exports?: Record<string, unknown> | string;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
}

/** Reads every package under `<repo>/packages`. */
export function readPackages(repoRoot: string): WorkspacePackage[] {
  const base = path.join(repoRoot, 'packages');
  return fs
    .readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(base, d.name, 'package.json')))
    .map((d) => {
      const root = path.join(base, d.name);
      const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
      return { dir: d.name, root, manifest };
    })
    .sort((a, b) => a.dir.localeCompare(b.dir));
}

/** Every `.ts`/`.mts`/`.cts` file below `dir`, skipping node_modules and dist. */
export function listSourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSourceFiles(full));
    else if (/\.(m|c)?tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out.sort();
}

/** The repository root (the folder holding pnpm-workspace.yaml above this file). */
export function findRepoRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no pnpm-workspace.yaml above ${from}`);
    dir = up;
  }
  return dir;
}
