// The TypeScript types of a revision, copied from the canonical sources into the package so that
// `@mcpkit/schema` builds on its own (tsup bundles them into the published `.d.ts`).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { sourceFiles } from './json-schema.mjs';

/**
 * `{ fileName: text }` for every canonical source file of a revision, each with a provenance line.
 * An extension's sources import their base revision (`../../2026-07-28/x.js`); their copies import
 * the copy of it (`../../../2026-07-28/types/x.js`), so the package still builds on its own.
 */
export function copyTypes(rev) {
  const files = {};
  for (const file of sourceFiles(rev)) {
    const name = basename(file);
    let text = readFileSync(file, 'utf8');
    if (rev.startsWith('extensions/')) text = text.replace(/from '\.\.\/\.\.\/(\d{4}-\d{2}-\d{2})\//g, "from '../../../$1/types/");
    files[name] = `// Copied by tools/codegen from schema/${rev}/${name}. Edit the source, then run \`pnpm codegen\`.\n${text}`;
  }
  if (!files['index.ts']) throw new Error(`schema/${rev}/index.ts is missing (it re-exports every file)`);
  return files;
}
