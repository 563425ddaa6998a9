#!/usr/bin/env node
// `pnpm codegen`: regenerates packages/schema (JSON Schema, validators, catalogue, constants, types,
// bindings and their packages) from schema/<rev>/ and records tools/codegen/stamp.json. `--check`
// fails listing every stale file: it regenerates in memory when the inputs changed since the stamp
// (or with `--full`), and otherwise compares the files with the stamp's hashes (milliseconds).
import { pathToFileURL } from 'node:url';
import { generatePackages, schemaVersion } from './lib/lang-packages.mjs';
import { extraFiles, staleFiles, writeFiles } from './lib/outputs.mjs';
import { OWNED_DIRS } from './lib/paths.mjs';
import { inputsHash, makeStamp, readStamp, STAMP_PATH, staleAgainstStamp, writeStamp } from './lib/stamp.mjs';

const USAGE = 'usage: node tools/codegen/run.mjs [--check [--full]] [--quiet]';

/** The costly steps, loaded only when they run (quicktype and the TypeScript compiler take a second to load). */
async function generateCore(log) {
  const { generateCore: generate } = await import('./lib/pipeline.mjs');
  return generate({ log });
}

function report(stale, log, ok) {
  if (stale.length === 0) {
    log(ok);
    return 0;
  }
  console.error(`codegen --check: ${stale.length} stale file(s); run \`pnpm codegen\`:`);
  for (const { path, reason } of stale) console.error(`  ${path} (${reason})`);
  return 1;
}

/** Runs codegen with command-line `args`; resolves to the process exit code. */
export async function main(args) {
  const unknown = args.filter((a) => !['--check', '--full', '--quiet'].includes(a));
  if (unknown.length > 0 || (args.includes('--full') && !args.includes('--check'))) {
    console.error(`${unknown.length ? `unknown option ${unknown.join(' ')}` : '--full goes with --check'}\n${USAGE}`);
    return 2;
  }
  const log = args.includes('--quiet') ? () => {} : (line) => console.log(`codegen: ${line}`);
  const packages = generatePackages({ version: schemaVersion() });
  const inputs = inputsHash();
  const stamp = readStamp();

  if (!args.includes('--check')) {
    const core = await generateCore(log);
    const written = writeFiles(new Map([...core, ...packages]), OWNED_DIRS);
    writeStamp(makeStamp(inputs, core));
    log(`${core.size + packages.size} files generated, ${written.length} changed; ${STAMP_PATH} records inputs ${inputs.slice(0, 12)}`);
    return 0;
  }

  if (!args.includes('--full') && stamp?.inputs === inputs) {
    const expected = new Set([...Object.keys(stamp.outputs), ...packages.keys()]);
    const stale = [...staleAgainstStamp(stamp), ...staleFiles(packages, []), ...extraFiles(expected, OWNED_DIRS)];
    const count = Object.keys(stamp.outputs).length + packages.size;
    return report(
      stale.sort((a, b) => (a.path < b.path ? -1 : 1)),
      log,
      `${count} generated files are up to date (inputs unchanged since ${STAMP_PATH}; not regenerated)`,
    );
  }

  log(stamp ? `inputs changed since ${STAMP_PATH}: regenerating to compare` : `regenerating to compare${args.includes('--full') ? ' (--full)' : ''}`);
  const core = await generateCore(log);
  const stale = staleFiles(new Map([...core, ...packages]), OWNED_DIRS);
  if (JSON.stringify(stamp) !== JSON.stringify(makeStamp(inputs, core))) stale.push({ path: STAMP_PATH, reason: stamp ? 'out of date' : 'missing' });
  return report(stale, log, `${core.size + packages.size} generated files are up to date (regenerated and compared)`);
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
