// The root entry of the built package loads no legacy code: a modern-only server on Redis imports
// `@mcpkit/redis` and must not pull in `@mcpkit/legacy` (issue 16). Walks the real import graph of
// dist/index.js (relative chunks followed, bare specifiers collected), as Node would load it.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const IMPORT = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every package a built ESM file loads, directly or through its relative chunks. */
function packagesLoadedBy(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  visit(join(dist, entry));
  return packages;
}

describe('entries', () => {
  it('the root entry loads no @mcpkit/legacy; the legacy entry does', () => {
    const root = packagesLoadedBy('index.js');
    expect(root).toContain('ioredis'); // the walk sees real imports
    expect([...root].filter((name) => name.startsWith('@mcpkit/legacy'))).toEqual([]);
    expect(packagesLoadedBy('legacy.js')).toContain('@mcpkit/legacy');
  });

  it('the root entry loads and names no legacy store', async () => {
    const root: Record<string, unknown> = await import(join(dist, 'index.js'));
    expect(typeof root.RedisEventBus).toBe('function');
    expect(Object.keys(root)).not.toContain('RedisSessionStore');
  });
});
