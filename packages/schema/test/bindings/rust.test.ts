// The crate `mcpkit-schema` with the Rust toolchain on PATH and Debian's serde crates
// (librust-serde-dev, librust-serde-derive-dev, librust-serde-json-dev): build-artifacts.mjs packs it
// with `cargo package`; a local registry (a cargo directory source: Debian's crates and the unpacked
// .crate) stands in for crates.io, and a fresh consumer crate depends on `mcpkit-schema = "<version>"`
// from it, offline, building the round-trip driver and the crate's README example; rustfmt and
// cargo clippy (`-D warnings`) run on the crate as packaged.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { PACKAGE_DIR, REVISIONS } from '../helpers/spec.js';
import { readArchive } from './archive.js';
import { corpusTypes, run, typeNameTable, versionOf } from './harness.js';
import { bindingSuite, SCHEMA_VERSION } from './suite.js';

const crateDir = join(PACKAGE_DIR, 'lang', 'rust');
const DEBIAN = '/usr/share/cargo/registry';
const CRATE = `mcpkit-schema-${SCHEMA_VERSION}`;
const moduleOf = (rev: string) => `mcp_${rev.replaceAll('-', '_')}`;
const hasClippy = versionOf('cargo', ['clippy', '--version']);
const hasRustfmt = versionOf('rustfmt', ['--version']);
const cargoEnv = (work: string, target: string) => ({
  ...process.env,
  CARGO_TARGET_DIR: join(work, target),
  CARGO_TERM_COLOR: 'never',
  // No debug info and no incremental cache: the build is thrown away after one run.
  CARGO_PROFILE_DEV_DEBUG: '0',
  CARGO_INCREMENTAL: '0',
});
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const unpacked = (work: string) => join(work, 'registry', CRATE);

function registry(): string {
  const arms: string[] = [];
  for (const rev of REVISIONS) {
    const source = readFileSync(join(crateDir, 'src', `${moduleOf(rev)}.rs`), 'utf8');
    const declared = [...source.matchAll(/^pub (?:struct|enum|type) (\w+)/gm)].map((m) => m[1]!);
    for (const [def, name] of typeNameTable(corpusTypes(rev), declared)) {
      arms.push(`        ("${rev}", "${def}") => round_trip::<mcpkit_schema::${moduleOf(rev)}::${name}>(json),`);
    }
  }
  return [
    'fn convert(rev: &str, ty: &str, json: &str) -> Option<Result<String, String>> {',
    '    Some(match (rev, ty) {',
    ...arms,
    '        _ => return None,',
    '    })',
    '}',
    '',
  ].join('\n');
}

/** A cargo directory source holding Debian's crates and the unpacked .crate (with its checksums). */
function localRegistry(work: string, crateFile: string): string {
  const dir = join(work, 'registry');
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(DEBIAN)) symlinkSync(join(DEBIAN, name), join(dir, name));
  const files: Record<string, string> = {};
  for (const [name, data] of readArchive(crateFile)) {
    const path = name.slice(CRATE.length + 1);
    mkdirSync(dirname(join(dir, CRATE, path)), { recursive: true });
    writeFileSync(join(dir, CRATE, path), data);
    files[path] = sha256(data);
  }
  writeFileSync(join(dir, CRATE, '.cargo-checksum.json'), JSON.stringify({ files, package: sha256(readFileSync(crateFile)) }));
  return dir;
}

const cargoConfig = (registryDir: string) => `[source.crates-io]\nreplace-with = "local"\n\n[source.local]\ndirectory = "${registryDir}"\n`;

bindingSuite({
  lang: 'rust',
  pathStyle: 'pointer',
  // The consumer compiles the packaged files: cargo package need not compile them first.
  artifactArgs: ['--no-verify'],
  toolchain: () => {
    const cargo = versionOf('cargo');
    const rustc = versionOf('rustc');
    if (!cargo || !rustc) return { missing: 'no `cargo`/`rustc` on PATH (Debian: apt-get install rustc cargo)' };
    const crates = existsSync(DEBIAN) ? readdirSync(DEBIAN) : [];
    for (const crate of ['serde-', 'serde_derive-', 'serde_json-']) {
      if (!crates.some((c) => c.startsWith(crate)))
        return { missing: `no ${crate}* crate in ${DEBIAN} (Debian: apt-get install librust-serde-dev librust-serde-derive-dev librust-serde-json-dev)` };
    }
    return { version: `${rustc}, ${cargo}` };
  },
  checkArtifact: (artifact) => {
    expect(artifact.files[0]!.file).toBe(`${CRATE}.crate`);
    const crate = readArchive(artifact.files[0]!.path);
    expect(crate.get(`${CRATE}/Cargo.toml`)!.toString()).toMatch(new RegExp(`^version = "${SCHEMA_VERSION}"$`, 'm'));
    for (const file of ['LICENSE', 'README.md', 'src/lib.rs', 'src/decode.rs', 'src/mcp_2026_07_28.rs', 'examples/readme.rs']) {
      expect(crate.has(`${CRATE}/${file}`), file).toBe(true);
    }
  },
  install: (work, artifact) => {
    const registryDir = localRegistry(work, artifact.files[0]!.path);
    const consumer = join(work, 'consumer');
    mkdirSync(join(consumer, 'src'), { recursive: true });
    mkdirSync(join(consumer, '.cargo'), { recursive: true });
    writeFileSync(join(consumer, '.cargo', 'config.toml'), cargoConfig(registryDir));
    writeFileSync(
      join(consumer, 'Cargo.toml'),
      [
        '[package]',
        'name = "consumer"',
        'version = "0.0.0"',
        'edition = "2021"',
        '',
        '[dependencies]',
        `mcpkit-schema = "${SCHEMA_VERSION}"`,
        'serde = "1"',
        'serde_json = "1"',
        '',
        '[[bin]]',
        'name = "roundtrip"',
        'path = "src/main.rs"',
        '',
        '[[bin]]',
        'name = "readme"',
        `path = "${join(unpacked(work), 'examples', 'readme.rs')}"`,
        '',
      ].join('\n'),
    );
    copyFileSync(join(PACKAGE_DIR, 'test', 'fixtures', 'bindings', 'rust', 'main.rs'), join(consumer, 'src', 'main.rs'));
    writeFileSync(join(consumer, 'src', 'registry.rs'), registry());
    run('cargo', ['build', '--offline', '--quiet', '--bins'], { cwd: consumer, env: cargoEnv(work, 'target'), lowPriority: true });
    return { command: join(work, 'target', 'debug', 'roundtrip'), args: [] };
  },
  readme: (work) => run(join(work, 'target', 'debug', 'readme'), []),
  lint: {
    'rustfmt --check (every source of the packaged crate)': hasRustfmt
      ? (work) => {
          const sources = ['src', 'examples'].flatMap((dir) => readdirSync(join(unpacked(work), dir)).map((f) => join(unpacked(work), dir, f)));
          run('rustfmt', ['--check', '--edition', '2021', ...sources]);
        }
      : { missing: 'no `rustfmt` on PATH (rustup component add rustfmt)' },
    'cargo clippy -D warnings (the packaged crate, its example included)': hasClippy
      ? (work) => {
          // A copy of the packaged crate as its own workspace (clippy lints workspace members only),
          // with the consumer's registry and target folder: the build scripts and proc macros of the
          // dependencies (serde_derive, syn) built for the consumer are reused.
          const crate = join(work, 'clippy', CRATE);
          mkdirSync(join(work, 'clippy', '.cargo'), { recursive: true });
          writeFileSync(join(work, 'clippy', '.cargo', 'config.toml'), cargoConfig(join(work, 'registry')));
          run('cp', ['-r', unpacked(work), crate]);
          run('cargo', ['clippy', '--offline', '--quiet', '--all-targets', '--', '-D', 'warnings'], {
            cwd: crate,
            env: cargoEnv(work, 'target'),
            lowPriority: true,
          });
        }
      : { missing: 'no `cargo clippy` (rustup component add clippy)' },
  },
});
