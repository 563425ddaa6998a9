#!/usr/bin/env node
// Builds the artifact every language binding (packages/schema/lang/*) is published as, from the
// repository, into one folder: the Python sdist and wheel, the Rust crate, the Go module zip (in a
// module proxy's layout), the C# assembly and nupkg, the Kotlin/JVM jar with its sources, javadoc
// and POM. Each carries the version of @mcpkit/schema and its licence. Swift has no artifact: SwiftPM
// takes the package from the repository tag (Package.swift at the repository root; unchecked here).
//
//   node tools/bindings/build-artifacts.mjs --out DIR [--only python,go] [--no-verify] [--skip-missing]
//
// DIR/<language>/ holds the files and DIR/artifacts.json lists them (sha256, size, toolchain).
// `--no-verify` skips `cargo package`'s compile of the crate (for tests that compile it themselves).
// A missing toolchain fails the run, naming the Debian package (tools/setup/system-deps.sh);
// `--skip-missing` skips that language instead, saying so (artifacts.json records `skipped`), for a
// machine without it; a toolchain that is there and fails still fails the run.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { csharp } from './csharp.mjs';
import { MissingToolchainError, version } from './common.mjs';
import { go } from './go.mjs';
import { kotlin } from './kotlin.mjs';
import { python } from './python.mjs';
import { rust } from './rust.mjs';
import { swift } from './swift.mjs';

/** Every builder, in the order of lang/README.md. */
export const BUILDERS = [python, go, rust, csharp, kotlin, swift];

const USAGE = 'usage: node tools/bindings/build-artifacts.mjs --out DIR [--only python,go,rust,csharp,kotlin,swift] [--no-verify] [--skip-missing]';

/** Builds the artifacts of `languages` into `out`; returns what artifacts.json holds. */
export function buildArtifacts({ out, languages = BUILDERS.map((b) => b.lang), verify = true, skipMissing = false, log = () => {} }) {
  const unknown = languages.filter((lang) => !BUILDERS.some((b) => b.lang === lang));
  if (unknown.length) throw new Error(`unknown language ${unknown.join(', ')}`);
  mkdirSync(out, { recursive: true });
  /** @type {{ version: string, languages: Record<string, { toolchain: string, files: object[], note?: string } | { skipped: string }> }} */
  const manifest = { version: version(), languages: {} };
  for (const builder of BUILDERS.filter((b) => languages.includes(b.lang))) {
    const started = Date.now();
    let toolchain;
    try {
      toolchain = builder.toolchain();
    } catch (error) {
      if (!skipMissing || !(error instanceof MissingToolchainError)) throw error;
      manifest.languages[builder.lang] = { skipped: error.message };
      log(`${builder.lang}: skipped, ${error.message}`);
      continue;
    }
    const work = mkdtempSync(join(tmpdir(), `mcpkit-artifact-${builder.lang}-`));
    try {
      const files = builder.build({ out: join(out, builder.lang), work, verify });
      manifest.languages[builder.lang] = { toolchain, files, ...(builder.note ? { note: builder.note } : {}) };
      log(`${builder.lang}: ${files.map((f) => f.file).join(', ') || builder.note} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  writeFileSync(join(out, 'artifacts.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export function main(args) {
  const at = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const known = ['--out', '--only', '--no-verify', '--skip-missing'];
  const stray = args.filter((arg, i) => arg.startsWith('--') && !known.includes(arg) && !['--out', '--only'].includes(args[i - 1]));
  const out = at('--out');
  if (!out || stray.length) {
    console.error(stray.length ? `unknown option ${stray.join(' ')}\n${USAGE}` : USAGE);
    return 2;
  }
  const languages = at('--only')?.split(',').filter(Boolean);
  buildArtifacts({
    out: resolve(out),
    languages,
    verify: !args.includes('--no-verify'),
    skipMissing: args.includes('--skip-missing'),
    log: (line) => console.log(`artifacts: ${line}`),
  });
  console.log(`artifacts: @mcpkit/schema ${version()} bindings in ${resolve(out)} (artifacts.json lists them)`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    process.exit(main(process.argv.slice(2)));
  } catch (error) {
    console.error(`artifacts: ${error.name === 'MissingToolchainError' ? error.message : (error.stack ?? error)}`);
    process.exit(1);
  }
}
