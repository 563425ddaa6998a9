// The surface checks over the committed API reports: every public name is documented (docs.test.ts)
// and follows the vocabulary of CONTRIBUTING.md (vocabulary.test.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reportedEntries } from './entries.mjs';
import { reportNames } from './names.mjs';

/** The text of every page a public name may be documented on: the root README, each package's README, docs/*.md. */
export function docPages(repoRoot) {
  const pages = [join(repoRoot, 'README.md')];
  for (const dir of readdirSync(join(repoRoot, 'packages'))) pages.push(join(repoRoot, 'packages', dir, 'README.md'));
  const docs = join(repoRoot, 'docs');
  if (existsSync(docs)) for (const f of readdirSync(docs)) if (f.endsWith('.md')) pages.push(join(docs, f));
  return pages.filter((p) => existsSync(p)).map((p) => ({ path: p, text: readFileSync(p, 'utf8') }));
}

/** Names declared by generated code (`packages/schema/src/generated`): the wire types, validators, constants. */
export function generatedNames(repoRoot) {
  const names = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(d\.)?ts$|\.js$/.test(entry.name)) {
        const text = readFileSync(path, 'utf8');
        for (const m of text.matchAll(/^export (?:declare )?(?:type|interface|const|function|class|enum) ([A-Za-z0-9_$]+)/gm)) names.add(m[1]);
        for (const m of text.matchAll(/^export \{([^}]*)\}/gm))
          for (const part of m[1].split(','))
            names.add(
              part
                .trim()
                .split(/\s+as\s+/)
                .pop(),
            );
      }
    }
  };
  const root = join(repoRoot, 'packages/schema/src/generated');
  if (existsSync(root)) walk(root);
  return names;
}

/** Every reported entry with its rows; `./internal` entries are outside semver and left out. */
export function publicEntries(repoRoot) {
  return reportedEntries(repoRoot)
    .filter((e) => e.subpath !== './internal')
    .map((e) => ({ ...e, rows: reportNames(readFileSync(join(e.root, e.report), 'utf8')) }));
}

/** `<package><subpath> <name>` for each public name that no doc page mentions (as a whole word). */
export function undocumentedNames(repoRoot) {
  const text = docPages(repoRoot)
    .map((p) => p.text)
    .join('\n');
  const words = new Set(text.match(/[A-Za-z0-9_$]+/g));
  const generated = generatedNames(repoRoot);
  const missing = [];
  for (const entry of publicEntries(repoRoot)) {
    const label = entry.pkg + (entry.subpath === '.' ? '' : entry.subpath.slice(1));
    for (const name of new Set(entry.rows.map((r) => r.name))) {
      if (entry.pkg === '@mcpkit/schema' && generated.has(name)) continue;
      if (!words.has(name)) missing.push(`${label} ${name}`);
    }
  }
  return missing;
}
