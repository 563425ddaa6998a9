import path from 'node:path';
import { parseWorkspaceSpecifier, readImports } from './imports.js';
import { listSourceFiles, readPackages } from './workspace.js';

/**
 * A package's `./internal` entry is outside semver (its README says so): it may change in any
 * release. A sibling whose published code imports it must therefore depend on the exact version,
 * never a range, so that npm cannot pair it with another release of that entry; changesets then
 * bumps the dependent whenever the dependency moves (an exact pin goes out of range on any bump).
 * In the workspace the exact pin is `workspace:*`, which pnpm publishes as the exact version.
 */
export interface InternalPinViolation {
  /** The importing package's folder name. */
  pkg: string;
  /** `packages/<pkg>/src/<file>:<line>` of the first import found. */
  where: string;
  message: string;
}

/** Whether a dependency specifier names one exact version: `workspace:*` (published as the exact version) or `x.y.z`. */
export function isExactPin(specifier: string | undefined): boolean {
  if (!specifier) return false;
  if (specifier === 'workspace:*') return true;
  const bare = specifier.replace(/^workspace:/, '');
  return /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.test(bare);
}

/** One package's dependency on a sibling's `./internal` entry: where it is imported first, and how it is declared. */
export interface InternalImport {
  pkg: string;
  dependency: string;
  specifier: string;
  where: string;
  /** The declared dependency (`dependencies` or `peerDependencies`), if any. */
  declared: string | undefined;
}

/** Every cross-package import of an `./internal` entry in src/ (type-only too), one per package and sibling. */
export function internalImports(repoRoot: string): InternalImport[] {
  const out: InternalImport[] = [];
  for (const pkg of readPackages(repoRoot)) {
    const seen = new Set<string>();
    for (const file of listSourceFiles(path.join(pkg.root, 'src'))) {
      for (const edge of readImports(file)) {
        const target = parseWorkspaceSpecifier(edge.specifier);
        if (!target || target.pkg === pkg.dir || !/^\.\/internal(\/|$)/.test(target.subpath) || seen.has(target.pkg)) continue;
        seen.add(target.pkg);
        const name = `@mcpkit/${target.pkg}`;
        out.push({
          pkg: pkg.dir,
          dependency: target.pkg,
          specifier: edge.specifier,
          where: `${path.relative(repoRoot, file)}:${edge.line}`,
          declared: pkg.manifest.dependencies?.[name] ?? pkg.manifest.peerDependencies?.[name],
        });
      }
    }
  }
  return out;
}

/** Every cross-package import of an `./internal` entry whose dependency is not an exact version. */
export function checkInternalPins(repoRoot: string): InternalPinViolation[] {
  return internalImports(repoRoot)
    .filter((i) => !isExactPin(i.declared))
    .map((i) => ({
      pkg: i.pkg,
      where: i.where,
      message: i.declared
        ? `@mcpkit/${i.pkg} imports ${i.specifier} (outside semver) but depends on @mcpkit/${i.dependency} as "${i.declared}"; depend on the exact version: "workspace:*"`
        : `@mcpkit/${i.pkg} imports ${i.specifier} but has no dependency on @mcpkit/${i.dependency}; add "@mcpkit/${i.dependency}": "workspace:*"`,
    }));
}
