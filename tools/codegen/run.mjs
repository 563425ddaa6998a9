#!/usr/bin/env node
// `pnpm codegen`: regenerates packages/schema (JSON Schema, validators, catalogue, constants, types,
// bindings) from schema/<rev>/. `--check` regenerates in memory and fails listing every stale file.
import { pathToFileURL } from 'node:url';
import { generateAll, OWNED_DIRS } from './lib/pipeline.mjs';
import { staleFiles, writeFiles } from './lib/outputs.mjs';

const USAGE = 'usage: node tools/codegen/run.mjs [--check] [--quiet]';

/** Runs codegen with command-line `args`; resolves to the process exit code. */
export async function main(args) {
  const unknown = args.filter((a) => !['--check', '--quiet'].includes(a));
  if (unknown.length > 0) {
    console.error(`unknown option ${unknown.join(' ')}\n${USAGE}`);
    return 2;
  }
  const check = args.includes('--check');
  const log = args.includes('--quiet') ? () => {} : (line) => console.log(`codegen: ${line}`);
  const files = await generateAll({ log });
  if (check) {
    const stale = staleFiles(files, OWNED_DIRS);
    if (stale.length === 0) {
      log(`${files.size} generated files are up to date`);
      return 0;
    }
    console.error(`codegen --check: ${stale.length} stale file(s); run \`pnpm codegen\`:`);
    for (const { path, reason } of stale) console.error(`  ${path} (${reason})`);
    return 1;
  }
  const written = writeFiles(files, OWNED_DIRS);
  log(`${files.size} files generated, ${written.length} changed`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`codegen failed: ${error.stack ?? error}`);
      process.exit(1);
    },
  );
}
