// The TypeScript types of a revision, copied from the canonical sources into the package so that
// `@mcpkit/schema` builds on its own (tsup bundles them into the published `.d.ts`).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { sourceFiles } from './json-schema.mjs';

/** `{ fileName: text }` for every canonical source file of a revision, each with a provenance line. */
export function copyTypes(rev) {
  const files = {};
  for (const file of sourceFiles(rev)) {
    const name = basename(file);
    files[name] = `// Copied by tools/codegen from schema/${rev}/${name}. Edit the source, then run \`pnpm codegen\`.\n${readFileSync(file, 'utf8')}`;
  }
  if (!files['index.ts']) throw new Error(`schema/${rev}/index.ts is missing (it re-exports every file)`);
  return files;
}
