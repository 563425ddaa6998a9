import fs from 'node:fs';
import path from 'node:path';
import { ALLOWED_ARROWS, BUNDLED_EXAMPLES } from './arrows.js';
import { findCycles } from './cycles.js';
import { parseWorkspaceSpecifier, readImports } from './imports.js';
import { listSourceFiles, readPackages, type WorkspacePackage } from './workspace.js';

/** A rule broken somewhere in the repository, with where and why. */
export interface Violation {
  rule: 'arrow' | 'exports' | 'package-cycle' | 'file-cycle' | 'undeclared';
  where: string;
  message: string;
}

const rel = (repoRoot: string, file: string) => path.relative(repoRoot, file);
const workspaceDeps = (deps: Record<string, string> | undefined) => Object.keys(deps ?? {}).flatMap((name) => parseWorkspaceSpecifier(name)?.pkg ?? []);

/**
 * Arrows: a package's runtime code (src/) imports, and its manifest depends on, only the packages
 * docs/architecture.md lets it use. Imports in src must also be declared as dependencies.
 */
export function checkArrows(repoRoot: string, arrows: Record<string, readonly string[]> = ALLOWED_ARROWS): Violation[] {
  const out: Violation[] = [];
  for (const pkg of readPackages(repoRoot)) {
    const allowed = arrows[pkg.dir];
    if (!allowed) {
      out.push({ rule: 'arrow', where: `packages/${pkg.dir}`, message: `package "${pkg.dir}" has no entry in the arrows table` });
      continue;
    }
    const declared = new Set([...workspaceDeps(pkg.manifest.dependencies), ...workspaceDeps(pkg.manifest.peerDependencies)]);
    for (const dep of declared) {
      if (!allowed.includes(dep)) {
        out.push({
          rule: 'arrow',
          where: `packages/${pkg.dir}/package.json`,
          message: `@mcpkit/${pkg.dir} must not depend on @mcpkit/${dep} (allowed: ${allowed.join(', ') || 'none'})`,
        });
      }
    }
    for (const file of listSourceFiles(path.join(pkg.root, 'src'))) {
      for (const edge of readImports(file)) {
        const target = parseWorkspaceSpecifier(edge.specifier);
        if (!target || target.pkg === pkg.dir || BUNDLED_EXAMPLES[pkg.dir]?.includes(target.pkg)) continue;
        const where = `${rel(repoRoot, file)}:${edge.line}`;
        if (!allowed.includes(target.pkg)) {
          out.push({
            rule: 'arrow',
            where,
            message: `@mcpkit/${pkg.dir} imports ${edge.specifier}, against the arrows (allowed: ${allowed.join(', ') || 'none'})`,
          });
        } else if (!declared.has(target.pkg)) {
          out.push({ rule: 'undeclared', where, message: `${edge.specifier} is imported but not in dependencies of @mcpkit/${pkg.dir}` });
        }
      }
    }
  }
  return out;
}

/** True when `subpath` is one of the package's `exports` keys (with `*` patterns). */
export function isExported(manifest: WorkspacePackage['manifest'], subpath: string): boolean {
  const exp = manifest.exports;
  if (exp === undefined) return subpath === '.';
  if (typeof exp === 'string') return subpath === '.';
  const keys = Object.keys(exp);
  if (!keys.some((k) => k.startsWith('.'))) return subpath === '.';
  return keys.some((key) => {
    if (!key.includes('*')) return key === subpath;
    const [head, tail] = key.split('*') as [string, string];
    return subpath.startsWith(head) && subpath.endsWith(tail) && subpath.length >= head.length + tail.length;
  });
}

/**
 * Exports: another package is used only through its `exports` map, and no relative import leaves
 * its own package folder. Checked in src/ and test/.
 */
export function checkExportsOnly(repoRoot: string): Violation[] {
  const out: Violation[] = [];
  const packages = readPackages(repoRoot);
  const byDir = new Map(packages.map((p) => [p.dir, p]));
  for (const pkg of packages) {
    const files = [...listSourceFiles(path.join(pkg.root, 'src')), ...listSourceFiles(path.join(pkg.root, 'test'))];
    for (const file of files) {
      for (const edge of readImports(file)) {
        const where = `${rel(repoRoot, file)}:${edge.line}`;
        const target = parseWorkspaceSpecifier(edge.specifier);
        if (target && BUNDLED_EXAMPLES[pkg.dir]?.includes(target.pkg)) continue;
        if (target) {
          const dep = byDir.get(target.pkg);
          if (!dep) out.push({ rule: 'exports', where, message: `${edge.specifier}: no workspace package @mcpkit/${target.pkg}` });
          else if (!isExported(dep.manifest, target.subpath)) {
            out.push({ rule: 'exports', where, message: `${edge.specifier} is not in the exports of @mcpkit/${target.pkg}` });
          }
        } else if (edge.specifier.startsWith('.')) {
          const resolved = path.resolve(path.dirname(file), edge.specifier);
          if (!resolved.startsWith(pkg.root + path.sep)) {
            out.push({ rule: 'exports', where, message: `${edge.specifier} reaches outside @mcpkit/${pkg.dir}; import the package by name instead` });
          }
        }
      }
    }
  }
  return out;
}

/** Package cycles: over dependencies, peer and dev dependencies (turbo builds along all of them). */
export function checkPackageCycles(repoRoot: string): Violation[] {
  const graph = new Map<string, string[]>();
  for (const pkg of readPackages(repoRoot)) {
    const m = pkg.manifest;
    graph.set(
      pkg.dir,
      [...new Set([...workspaceDeps(m.dependencies), ...workspaceDeps(m.peerDependencies), ...workspaceDeps(m.devDependencies)])].filter((d) => d !== pkg.dir),
    );
  }
  return findCycles(graph).map((cycle) => ({ rule: 'package-cycle', where: 'packages/', message: cycle.map((d) => `@mcpkit/${d}`).join(' → ') }));
}

/** Resolves a relative runtime import of a TS source file to the file it names, if any. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier).replace(/\.(m|c)?js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.mts`, `${base}.cts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** File cycles: runtime imports between a package's own src files (type-only imports are erased). */
export function checkFileCycles(repoRoot: string): Violation[] {
  const out: Violation[] = [];
  for (const pkg of readPackages(repoRoot)) {
    const graph = new Map<string, string[]>();
    for (const file of listSourceFiles(path.join(pkg.root, 'src'))) {
      const targets = readImports(file)
        .filter((e) => !e.typeOnly && e.specifier.startsWith('.'))
        .flatMap((e) => resolveRelative(file, e.specifier) ?? []);
      graph.set(file, targets);
    }
    for (const cycle of findCycles(graph)) {
      out.push({ rule: 'file-cycle', where: `packages/${pkg.dir}`, message: cycle.map((f) => rel(repoRoot, f)).join(' → ') });
    }
  }
  return out;
}

/** Every source-level check at once. */
export function checkRepository(repoRoot: string): Violation[] {
  return [...checkArrows(repoRoot), ...checkExportsOnly(repoRoot), ...checkPackageCycles(repoRoot), ...checkFileCycles(repoRoot)];
}
