// The crate `lang/rust` with Debian's Rust toolchain (rustc, cargo) and Debian's serde crates
// (librust-serde-dev, librust-serde-derive-dev, librust-serde-json-dev), used offline as a directory
// source: a driver crate depends on the binding by path, as a user's crate would, and also builds the
// README example.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_DIR, REVISIONS } from '../helpers/spec.js';
import { corpusTypes, run, typeNameTable, versionOf } from './harness.js';
import { bindingSuite } from './suite.js';

const crateDir = join(PACKAGE_DIR, 'lang', 'rust');
const REGISTRY = '/usr/share/cargo/registry';
const moduleOf = (rev: string) => `mcp_${rev.replaceAll('-', '_')}`;

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

bindingSuite({
  lang: 'rust',
  toolchain: () => {
    const cargo = versionOf('cargo');
    const rustc = versionOf('rustc');
    if (!cargo || !rustc) return { missing: 'no `cargo`/`rustc` on PATH (Debian: apt-get install rustc cargo)' };
    const crates = existsSync(REGISTRY) ? readdirSync(REGISTRY) : [];
    for (const crate of ['serde-', 'serde_derive-', 'serde_json-']) {
      if (!crates.some((c) => c.startsWith(crate)))
        return { missing: `no ${crate}* crate in ${REGISTRY} (Debian: apt-get install librust-serde-dev librust-serde-derive-dev librust-serde-json-dev)` };
    }
    return { version: `${rustc}, ${cargo}` };
  },
  build: (work) => {
    mkdirSync(join(work, 'src'), { recursive: true });
    mkdirSync(join(work, '.cargo'), { recursive: true });
    // crates.io is unreachable: Debian's crates are the registry (cargo --offline, directory source).
    writeFileSync(join(work, '.cargo', 'config.toml'), `[source.crates-io]\nreplace-with = "debian"\n\n[source.debian]\ndirectory = "${REGISTRY}"\n`);
    writeFileSync(
      join(work, 'Cargo.toml'),
      [
        '[package]',
        'name = "roundtrip"',
        'version = "0.0.0"',
        'edition = "2021"',
        '',
        '[dependencies]',
        `mcpkit-schema = { path = "${crateDir}" }`,
        'serde = "1"',
        'serde_json = "1"',
        '',
        '[[bin]]',
        'name = "roundtrip"',
        'path = "src/main.rs"',
        '',
        '[[bin]]',
        'name = "readme"',
        `path = "${join(crateDir, 'examples', 'readme.rs')}"`,
        '',
      ].join('\n'),
    );
    copyFileSync(join(PACKAGE_DIR, 'test', 'fixtures', 'bindings', 'rust', 'main.rs'), join(work, 'src', 'main.rs'));
    writeFileSync(join(work, 'src', 'registry.rs'), registry());
    // No debug info and no incremental cache: the build is thrown away after one run (159 s → 95 s
    // with Debian's rustc 1.63 on this two-core machine).
    const cargoEnv = {
      ...process.env,
      CARGO_TARGET_DIR: join(work, 'target'),
      CARGO_TERM_COLOR: 'never',
      CARGO_PROFILE_DEV_DEBUG: '0',
      CARGO_INCREMENTAL: '0',
    };
    run('cargo', ['build', '--offline', '--quiet', '--bins'], { cwd: work, env: cargoEnv, lowPriority: true });
    return { command: join(work, 'target', 'debug', 'roundtrip'), args: [] };
  },
  readme: (work) => run(join(work, 'target', 'debug', 'readme'), []),
});
