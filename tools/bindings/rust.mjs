// Rust: the crate `mcpkit-schema-<version>.crate`, by `cargo package` on a copy of lang/rust (which
// also compiles the packaged files unless --no-verify). crates.io is out of reach here: where
// Debian's crates are installed (/usr/share/cargo/registry) they stand in for it, offline.
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyLang, describeFile, requireTool, run, version } from './common.mjs';

/** Debian's crates, used as crates.io (offline) when present; MCPKIT_CARGO_REGISTRY overrides, '' means crates.io. */
export const CARGO_REGISTRY = process.env.MCPKIT_CARGO_REGISTRY ?? '/usr/share/cargo/registry';

/** `.cargo/config.toml` text replacing crates.io with the directory `registry`. */
export const cargoConfig = (registry) => `[source.crates-io]\nreplace-with = "local"\n\n[source.local]\ndirectory = "${registry}"\n`;

/** The environment of a throw-away cargo build under `work`. */
export const cargoEnv = (work) => ({
  CARGO_TARGET_DIR: join(work, 'target'),
  CARGO_TERM_COLOR: 'never',
  // No debug info and no incremental cache: each build is thrown away after one run.
  CARGO_PROFILE_DEV_DEBUG: '0',
  CARGO_INCREMENTAL: '0',
});

export const rust = {
  lang: 'rust',
  toolchain: () =>
    `${requireTool('cargo', ['--version'], 'Debian: apt-get install cargo')}, ${requireTool('rustc', ['--version'], 'Debian: apt-get install rustc')}`,
  build({ out, work, verify = true }) {
    const crate = copyLang('rust', join(work, 'mcpkit-schema'));
    const offline = CARGO_REGISTRY !== '' && existsSync(CARGO_REGISTRY);
    if (offline) {
      mkdirSync(join(work, '.cargo'), { recursive: true });
      writeFileSync(join(work, '.cargo', 'config.toml'), cargoConfig(CARGO_REGISTRY));
    }
    const args = ['package', '--quiet', ...(offline ? ['--offline'] : []), ...(verify ? [] : ['--no-verify'])];
    run('cargo', args, { cwd: crate, env: cargoEnv(work) });
    const file = `mcpkit-schema-${version()}.crate`;
    mkdirSync(out, { recursive: true });
    copyFileSync(join(work, 'target', 'package', file), join(out, file));
    return [describeFile(join(out, file), `crate (crates.io)${verify ? '' : ', not compiled by cargo package (--no-verify)'}`)];
  },
};
