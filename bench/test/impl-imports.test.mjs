// Every name a bench side or driver imports from a package exists in that package. The sides are run
// only by `pnpm bench`, never by `pnpm test`, so a renamed export (`serve` → `serveHttp` in issue 16)
// would otherwise surface as a curve "not available" in the next bench run. Packages are imported,
// never the side files themselves (importing a stdio side starts a server).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const BENCH = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['impl', 'drivers', 'lib', 'scenarios', 'server', 'client', 'http', 'stdio', 'redis', 'validation'];

function* moduleFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.name === 'node_modules') continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* moduleFiles(path);
    else if (e.name.endsWith('.mjs')) yield path;
  }
}

// `import { a, b as c } from 'pkg'` and `import type`-free forms; bare specifiers only (relative files are checked by running them).
const NAMED = /import\s*\{([^}]*)\}\s*from\s*'([^'.][^']*)'/g;

/** The named imports of bare specifiers in `text`: [specifier, [names]]. */
export function namedImports(text) {
  const out = [];
  for (const m of text.matchAll(NAMED)) {
    const names = m[1]
      .split(',')
      .map((part) =>
        part
          .trim()
          .split(/\s+as\s+/)[0]
          .trim(),
      )
      .filter(Boolean);
    out.push([m[2], names]);
  }
  return out;
}

test('namedImports reads names and specifiers, ignoring relative imports', () => {
  const text = "import { serveHttp } from '@mcpkit/http/node';\nimport { a, b as c } from 'pkg';\nimport { x } from './local.mjs';";
  assert.deepEqual(namedImports(text), [
    ['@mcpkit/http/node', ['serveHttp']],
    ['pkg', ['a', 'b']],
  ]);
});

test('every name the bench imports from a package is exported by it', async () => {
  const missing = [];
  let checked = 0;
  for (const folder of FOLDERS) {
    for (const file of moduleFiles(join(BENCH, folder))) {
      for (const [specifier, names] of namedImports(readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('node:')) continue;
        let mod;
        try {
          // Every bench file resolves through bench/package.json's dependencies, as this test does.
          mod = await import(specifier);
        } catch (error) {
          missing.push(`${file.slice(BENCH.length)}: cannot import ${specifier} (${String(error.message).split('\n')[0]})`);
          continue;
        }
        for (const name of names) {
          checked++;
          if (!(name in mod)) missing.push(`${file.slice(BENCH.length)}: ${specifier} has no export ${name}`);
        }
      }
    }
  }
  assert.ok(checked > 50, `only ${checked} imports found: the scan is broken`);
  assert.deepEqual(missing, []);
});
