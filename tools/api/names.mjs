// The names an API report declares and re-exports, read from its text: what the surface checks
// (docs.test.ts, vocabulary.test.ts) work on.

/**
 * One row per exported name of a report: `{ name, kind, line, reexport }`. `kind` is `class`,
 * `abstract class`, `interface`, `type`, `function`, `const`, `namespace` or `enum`; a name the entry
 * re-exports from another package (`import { X } from '…'` + `export { X }`) has `reexport: '<package>'`.
 * Overloads and merged declarations (a `const` and a `type` of one name) give one row per kind.
 */
export function reportNames(text) {
  const imported = new Map();
  for (const m of text.matchAll(/^import \{ (\w+)(?: as (\w+))? \} from '([^']+)';$/gm)) imported.set(m[2] ?? m[1], m[3]);
  const rows = [];
  const seen = new Set();
  for (const line of text.split('\n')) {
    let m = line.match(/^export (abstract class|class|const|function|interface|type|namespace|enum) ([A-Za-z0-9_$]+)/);
    if (m) {
      const key = `${m[2]}:${m[1]}`;
      if (!seen.has(key)) rows.push({ name: m[2], kind: m[1], line });
      seen.add(key);
      continue;
    }
    m = line.match(/^export \{ (.+) \}/);
    if (m) {
      for (const part of m[1].split(',')) {
        const [local, exported = local] = part.trim().split(/\s+as\s+/);
        rows.push({ name: exported, kind: 'reexport', line, reexport: imported.get(local) ?? '(this package)' });
      }
    }
  }
  return rows;
}

/** The distinct exported names of a report. */
export const exportedNames = (text) => [...new Set(reportNames(text).map((r) => r.name))];
