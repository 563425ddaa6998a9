// Class identity across copies, for every public package: each exported error class (and each class a
// handler hands to another package: InputRequired, ExtensionResult) carries the brand of its package
// and name, and `instanceof` recognises it from every other copy in one process: the CJS build, the
// ESM build, and the other entries of the same package (a CJS build bundles each entry on its own).
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { findRepoRoot, readPackages } from './workspace.js';

const repoRoot = findRepoRoot(import.meta.dirname);
const require = createRequire(import.meta.url);

/** Exported classes that are not errors but cross package boundaries as values (checked by `instanceof`). */
const VALUE_CLASSES = new Set(['InputRequired', 'ExtensionResult']);

type Ctor = abstract new (...args: never[]) => unknown;
interface Found {
  entry: string;
  format: 'esm' | 'cjs';
  name: string;
  ctor: Ctor;
  brand: string | undefined;
}

const brandOf = (ctor: Ctor): string | undefined =>
  Object.hasOwn(ctor, '@mcpkit/brand') ? (ctor as unknown as Record<string, string>)['@mcpkit/brand'] : undefined;
const isClass = (value: unknown): value is Ctor => typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value));

const packages = readPackages(repoRoot).filter((p) => (p.manifest as { private?: boolean }).private !== true);
const found: Found[] = [];

beforeAll(async () => {
  for (const pkg of packages) {
    const exportsField = pkg.manifest.exports;
    if (typeof exportsField !== 'object') continue;
    for (const [key, target] of Object.entries(exportsField)) {
      if (key === './package.json' || typeof target !== 'object' || target === null || !('require' in target)) continue;
      const entry = key === '.' ? pkg.manifest.name : `${pkg.manifest.name}/${key.slice(2)}`;
      const loaded = [
        ['esm', (await import(entry)) as Record<string, unknown>],
        ['cjs', require(entry) as Record<string, unknown>],
      ] as const;
      for (const [format, mod] of loaded)
        for (const [name, value] of Object.entries(mod))
          if (isClass(value) && (value.prototype instanceof Error || VALUE_CLASSES.has(name)))
            found.push({ entry, format, name, ctor: value, brand: brandOf(value) });
    }
  }
}, 600_000);

describe('class brands', () => {
  it('every exported error class (and InputRequired, ExtensionResult) has a brand naming a public package and its own name', () => {
    const names = new Set(packages.map((p) => p.manifest.name));
    const wrong = found.filter((f) => {
      const match = /^(@mcpkit\/[a-z-]+)\/(\w+)$/.exec(f.brand ?? '');
      return match === null || !names.has(match[1]!) || match[2] !== f.name;
    });
    expect(wrong.map((f) => `${f.format} ${f.entry} ${f.name}: ${f.brand ?? 'no brand'}`)).toEqual([]);
    expect(new Set(found.map((f) => f.brand)).size).toBeGreaterThan(40);
  });

  it('a brand belongs to one class: re-exports of a sibling keep the sibling’s brand, and the sibling is a dependency', () => {
    const problems: string[] = [];
    for (const f of found) {
      const owner = /^(@mcpkit\/[a-z-]+)\//.exec(f.brand ?? '')?.[1];
      const pkg = packages.find((p) => f.entry === p.manifest.name || f.entry.startsWith(`${p.manifest.name}/`))!;
      if (owner !== undefined && owner !== pkg.manifest.name && pkg.manifest.dependencies?.[owner] === undefined)
        problems.push(`${f.entry} ${f.name} carries ${f.brand}, but ${owner} is not a dependency of ${pkg.manifest.name}`);
    }
    expect(problems).toEqual([]);
  });

  it('instanceof recognises every copy of a class (ESM, CJS, other entries) and its subclasses, and no unrelated class', () => {
    const problems: string[] = [];
    let pairs = 0;
    for (const a of found)
      for (const b of found) {
        // An instance of `a`'s copy, made without calling its constructor (constructors take different arguments).
        const instance = Object.create(a.ctor.prototype) as object;
        const sameOrSubclass = (() => {
          // `a` is `b`, or extends it, when `b`'s brand appears on the chain of `a`'s prototypes.
          for (let proto = a.ctor.prototype; proto !== null; proto = Object.getPrototypeOf(proto))
            if (Object.hasOwn(proto, 'constructor') && typeof proto.constructor === 'function' && brandOf(proto.constructor) === b.brand) return true;
          return false;
        })();
        if (instance instanceof b.ctor !== sameOrSubclass)
          problems.push(`${a.format} ${a.entry} ${a.name} instanceof ${b.format} ${b.entry} ${b.name}: ${!sameOrSubclass}`);
        if (a.ctor !== b.ctor && a.brand === b.brand) pairs++;
      }
    expect(problems.slice(0, 20)).toEqual([]);
    // The copies really are distinct classes: at least the ESM/CJS pair of each brand.
    expect(pairs).toBeGreaterThan(40);
  });
});
