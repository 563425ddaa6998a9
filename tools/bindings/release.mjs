// The release rehearsal's builder of the bindings' artifacts (tools/release/artifacts.mjs lists it):
// build-artifacts.mjs run in the rehearsal's clone after `changeset version`, so every artifact
// carries the version being released. A toolchain that is not installed is skipped, saying so,
// unless MCPKIT_REQUIRE_TOOLCHAINS=1 (.ci/run sets it: CI installs every toolchain, so all must
// build there). The crate is not compiled again here (`--no-verify`): `pnpm test` compiles the packaged
// crate in a fresh consumer project; the rehearsal proves the release builds what it publishes.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** `{ name, build }` as tools/release/artifacts.mjs expects. */
export const bindingArtifacts = {
  name: 'language bindings of @mcpkit/schema (tools/bindings/build-artifacts.mjs)',
  async build({ clone, run, log }) {
    const out = join(dirname(clone), 'bindings-artifacts');
    const required = process.env.MCPKIT_REQUIRE_TOOLCHAINS === '1';
    const output = await run('node', ['tools/bindings/build-artifacts.mjs', '--out', out, '--no-verify', ...(required ? [] : ['--skip-missing'])]);
    for (const line of output.trim().split('\n')) log(line);
    return describeManifest(JSON.parse(readFileSync(join(out, 'artifacts.json'), 'utf8')), readSchemaVersion(clone));
  },
};

/** The version of @mcpkit/schema in `root` (the clone's, after `changeset version`). */
export function readSchemaVersion(root) {
  return JSON.parse(readFileSync(join(root, 'packages', 'schema', 'package.json'), 'utf8')).version;
}

/**
 * One line for the rehearsal's summary: each language's files (or why it has none, or why it was
 * skipped). Throws when the artifacts do not carry `expected`, the version being released.
 */
export function describeManifest(manifest, expected) {
  if (manifest.version !== expected) throw new Error(`the artifacts carry ${manifest.version}, the release is ${expected}`);
  const parts = Object.entries(manifest.languages).map(([lang, entry]) => {
    if ('skipped' in entry) return `${lang} SKIPPED (${entry.skipped})`;
    if (entry.files.length === 0) return `${lang}: no file (${entry.note ?? 'none'})`;
    return `${lang}: ${entry.files.map((f) => f.file).join(', ')}`;
  });
  return `@mcpkit/schema ${expected}: ${parts.join('; ')}`;
}
