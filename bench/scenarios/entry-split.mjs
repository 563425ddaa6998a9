// Scenario 9 — entry split (issue 16): a modern-only app on Redis loads no legacy code. The esbuild bundle, the
// files Node loads and the cold start of `@mcpkit/redis` alone, with `@mcpkit/redis/legacy`'s session store
// added, and of `@mcpkit/legacy` itself; the modern-only app is checked to hold and load no byte of legacy.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { appSource, byPackage, countModules, startOnce } from '../lib/app-probe.mjs';
import { kilobytes, millis, num, times } from '../lib/format.mjs';
import { runNodeJson } from '../lib/proc.mjs';
import { repeatAlternating } from '../lib/repeat.mjs';
import { med } from '../lib/scenario-kit.mjs';
import { ratio } from '../lib/stats.mjs';

export const id = 'split';
export const title = '9. Entry split — a modern-only app on Redis loads no legacy code';

const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));
const LEGACY = '@mcpkit/legacy';
const MODERN = { from: '@mcpkit/redis', names: ['RedisConnection', 'RedisEventBus', 'RedisReplayGuard', 'sharedState', 'RedisCacheStore'] };
/** The import sets compared: what a modern-only app on Redis imports, the same app serving 2025-11-25 sessions too, and legacy's whole root entry. */
export const SETS = [
  { id: 'modern', label: 'modern-only app: `@mcpkit/redis`', imports: [MODERN] },
  {
    id: 'withLegacy',
    label: 'same + `RedisSessionStore` from `@mcpkit/redis/legacy`',
    imports: [MODERN, { from: '@mcpkit/redis/legacy', names: ['RedisSessionStore'] }],
  },
  { id: 'legacy', label: '`@mcpkit/legacy` (its whole root entry, for reference)', imports: [{ from: LEGACY, names: '*' }] },
];
const BARE = { id: 'bare', label: 'bare node (`--input-type=module -e`, no import)', imports: [] };

/** Resolves from @mcpkit/redis, as the Redis packages find ioredis (bench/ does not depend on it directly). */
const fromRedis = (specifier) => createRequire(join(BENCH_DIR, 'node_modules/@mcpkit/redis/package.json')).resolve(specifier);
/** ioredis alone, what every Redis set pays for before any mcpkit code; not bundled (it is external in every bundle). */
function ioredisSet() {
  return {
    id: 'ioredis',
    label: '`ioredis` alone (the shared dependency, for reference)',
    imports: [{ from: pathToFileURL(fromRedis('ioredis')).href, names: ['Redis'] }],
    bundle: false,
  };
}

/** The bundle's entry: re-exports keep exactly the set's code alive through tree shaking. */
function entrySource(set) {
  return set.imports.map(({ from, names }) => (names === '*' ? `export * from '${from}';` : `export { ${names.join(', ')} } from '${from}';`)).join('\n');
}

const listed = (counts, fmt) =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([pkg, n]) => `${pkg} ${fmt(n)}`)
    .join(', ') || 'none';

/** Bundles the set for Node (ioredis external: every variant shares it); bytes, gzipped bytes, and minified bytes per package. */
async function bundleSet(set) {
  const result = await esbuild.build({
    stdin: { contents: entrySource(set), resolveDir: BENCH_DIR, sourcefile: `${set.id}-entry.mjs`, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['ioredis'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0].inputs).map(([path, { bytesInOutput }]) => [path, bytesInOutput]);
  return { code, bytes: code.length, gzip: gzipSync(code, { level: 9 }).length, packages: byPackage(inputs) };
}

/** Imports the bundle in a fresh node process (ioredis linked beside it, as an app would install it); resolves with its defined export count. */
async function runBundle(dir, set, code) {
  const at = join(dir, set.id);
  mkdirSync(join(at, 'node_modules'), { recursive: true });
  symlinkSync(dirname(fromRedis('ioredis/package.json')), join(at, 'node_modules', 'ioredis'), 'dir');
  writeFileSync(join(at, 'bundle.mjs'), code);
  writeFileSync(
    join(at, 'check.mjs'),
    "import * as m from './bundle.mjs';\nconsole.log(JSON.stringify({ exports: Object.values(m).filter((v) => v !== undefined).length }));\n",
  );
  return (await runNodeJson(join(at, 'check.mjs'), [], { cwd: at, timeoutMs: 60_000 })).exports;
}

export async function run({ quick, reps, log }) {
  const samples = reps ?? (quick ? 5 : 20);
  const failures = [];
  const checks = [];
  const check = (text, pass, detail) => {
    checks.push([text, `${pass ? '✓' : '✗'} ${detail}`]);
    if (!pass) failures.push(`${text}: ${detail}`);
  };

  const size = {};
  const modules = {};
  const sets = [...SETS, ioredisSet()];
  const firstLine = (e) => (e.errors?.length ? e.errors.map((x) => x.text).join('; ') : String(e.message).split('\n')[0]);
  for (const set of sets) {
    try {
      modules[set.id] = await countModules(set);
      log(`  ${set.id}: Node loads ${modules[set.id].files} files`);
    } catch (e) {
      failures.push(`files loaded by ${set.id}: ${firstLine(e)}`);
      log(`  ${set.id}: counting files failed: ${firstLine(e)}`);
    }
  }
  // A set's bindings: its names, or for a whole entry what the module-count child found in it.
  const bindingCount = (set) => set.imports.reduce((n, { names }) => n + (names === '*' ? (modules[set.id]?.exports ?? Number.NaN) : names.length), 0);
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-bench-split-'));
  try {
    for (const set of SETS) {
      try {
        const b = await bundleSet(set);
        let works;
        try {
          const n = await runBundle(dir, set, b.code);
          works = n === bindingCount(set) ? 'yes' : `no: ${n} exports, ${bindingCount(set)} expected`;
        } catch (e) {
          works = `no: ${firstLine(e)}`;
        }
        size[set.id] = { ...b, works };
        log(`  ${set.id}: ${kilobytes(b.gzip)} gzipped, bundle runs: ${works}`);
      } catch (e) {
        size[set.id] = { error: firstLine(e) };
        failures.push(`bundle of ${set.id}: ${firstLine(e)}`);
        log(`  ${set.id}: bundle failed: ${firstLine(e)}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // NaN (a failed check) when the set was not measured, 0 when measured without legacy.
  const legacyBytes = (s) => (size[s]?.packages ? (size[s].packages[LEGACY] ?? 0) : Number.NaN);
  const legacyFiles = (s) => (modules[s] ? (modules[s].packages[LEGACY] ?? 0) : Number.NaN);
  check('modern-only bundle holds no @mcpkit/legacy bytes', legacyBytes('modern') === 0, `${num(legacyBytes('modern'))} bytes`);
  check('with-legacy bundle holds @mcpkit/legacy (the probe sees it)', legacyBytes('withLegacy') > 0, `${num(legacyBytes('withLegacy'))} bytes`);
  check('modern-only app: Node loads no @mcpkit/legacy file', legacyFiles('modern') === 0, `${num(legacyFiles('modern'))} files`);
  check('with-legacy app: Node loads @mcpkit/legacy files (the probe sees them)', legacyFiles('withLegacy') > 0, `${num(legacyFiles('withLegacy'))} files`);
  for (const set of SETS) if (size[set.id]?.works) check(`${set.id} bundle runs and exports the set`, size[set.id].works === 'yes', size[set.id].works);

  // Cold start: the app module in a fresh node, alternating with the others; one discarded start each first (warm page cache).
  const runnable = [BARE, ...sets.filter((s) => Number.isFinite(bindingCount(s)))];
  const expected = Object.fromEntries(runnable.map((s) => [s.id, bindingCount(s)]));
  const programs = Object.fromEntries(runnable.map((s) => [s.id, appSource(s)]));
  for (const s of runnable) await startOnce(programs[s.id], expected[s.id]).catch(() => {});
  const { results, failures: startFailures } = await repeatAlternating({
    ids: runnable.map((s) => s.id),
    reps: samples,
    runOne: (sid) => startOnce(programs[sid], expected[sid]),
  });
  for (const [sid, message] of Object.entries(startFailures)) failures.push(`cold start of ${sid}: ${message.split('\n')[0]}`);
  log(`  ${samples} cold starts per app`);

  const ms = (sid) => med(results[sid], (x) => x).value;
  const gz = (sid) => size[sid]?.gzip ?? Number.NaN;
  const files = (sid) => modules[sid]?.files ?? Number.NaN;
  const beyondBare = (sid) => ms(sid) - ms('bare');
  // What the mcpkit code of a Redis set costs on top of its shared dependency.
  const beyondIoredis = (sid) => ms(sid) - ms('ioredis');
  const vsWith = (f, sid) => (sid === 'modern' ? times(ratio(f(sid), f('withLegacy'))) : '');

  const sizeRows = SETS.map(({ id: sid, label }) => {
    const r = size[sid];
    if (!r || r.error) return [label, `not measured: ${r?.error ?? 'failed'}`, '', '', '', '', '', ''];
    const mcpkit = Object.fromEntries(Object.entries(r.packages).filter(([p]) => p.startsWith('@mcpkit/')));
    const other = Object.fromEntries(Object.entries(r.packages).filter(([p]) => !p.startsWith('@mcpkit/')));
    return [
      label,
      kilobytes(r.bytes),
      `**${kilobytes(r.gzip)}**`,
      vsWith(gz, sid),
      num(legacyBytes(sid)),
      listed(mcpkit, kilobytes),
      listed(other, kilobytes),
      r.works,
    ];
  });
  const startRows = [BARE, ...sets].map(({ id: sid, label }) => {
    const xs = [...(results[sid] ?? [])].sort((a, b) => a - b);
    if (!xs.length) return [label, `not measured${startFailures[sid] ? `: ${startFailures[sid].split('\n')[0]}` : ''}`, '', '', '', '', '', ''];
    const redis = sid === 'modern' || sid === 'withLegacy';
    return [
      label,
      `**${millis(ms(sid))}**`,
      millis(xs[0]),
      millis(xs[xs.length - 1]),
      sid === 'bare' ? '' : millis(beyondBare(sid)),
      redis ? millis(beyondIoredis(sid)) : '',
      vsWith(ms, sid),
      String(xs.length),
    ];
  });
  const moduleRows = sets
    .filter((s) => modules[s.id])
    .map(({ id: sid, label }) => {
      const m = modules[sid];
      return [label, num(m.files), kilobytes(m.bytes), num(legacyFiles(sid)), vsWith(files, sid), listed(m.packages, num)];
    });

  const metric = (title, f, raw = Number.NaN) => ({
    title,
    better: 'lower',
    mcpkit: f('modern'),
    official: Number.NaN,
    raw,
    withLegacy: f('withLegacy'),
    legacy: f('legacy'),
  });
  return {
    id,
    title,
    description:
      'Three import sets: a modern-only app on Redis (`RedisConnection`, `RedisEventBus`, `RedisReplayGuard`, `sharedState`, `RedisCacheStore` ' +
      'from `@mcpkit/redis`), the same app also taking `RedisSessionStore` from `@mcpkit/redis/legacy`; for reference, `@mcpkit/legacy`’s whole root entry, ' +
      'and `ioredis` alone (files and cold start only: it is external in every bundle), which every Redis set pays before any mcpkit code. **Size**: an entry re-exporting the set, bundled by esbuild (platform node, ESM, minified, node20; `ioredis` external, ' +
      'as every variant shares it), gzip level 9; the packages inside come from the metafile (minified bytes per package). Each bundle is then ' +
      'imported by a fresh node process (ioredis linked beside it) and must expose every export of the set. **Files loaded**: a child ' +
      'registers module hooks (`module.register`) that write down every file the ESM loader loads, adds the CommonJS loader’s cache (ioredis ' +
      'and its dependencies are CommonJS), imports the set and reports the files; bytes are their sizes on disk. **Cold start**: ' +
      '`node --input-type=module -e <app>` in bench/, where the app imports the set (no connection is made: `new RedisConnection` connects at ' +
      'once, so nothing is constructed) and prints how many of its bindings are defined; the clock runs from spawn to that line, which must ' +
      `count every binding, and the process must then exit by itself with code 0. ${samples} starts per app, alternating, after one discarded ` +
      'start each (warm page cache); median, min and max. The bare row is the same program without imports: what node itself costs; ' +
      '“median − ioredis alone” is what the mcpkit code of a Redis set adds to its shared dependency (a difference of medians). ' +
      'The checks below fail the run if the modern-only app holds or loads any @mcpkit/legacy code.',
    tables: [
      {
        caption: 'Bundle size',
        header: ['app', 'minified', 'gzipped', 'vs with legacy', '@mcpkit/legacy bytes', '@mcpkit packages inside', 'other packages inside', 'runs'],
        rows: sizeRows,
      },
      {
        caption: 'Files Node loads',
        header: ['app', 'files', 'bytes on disk', '@mcpkit/legacy files', 'vs with legacy', 'files per package'],
        rows: moduleRows,
      },
      {
        caption: 'Cold start (spawn → app loaded)',
        header: ['app', 'median', 'min', 'max', 'median − bare node', 'median − ioredis alone', 'vs with legacy', 'samples'],
        rows: startRows,
      },
      { caption: 'Checks', header: ['check', 'result'], rows: checks },
    ],
    ratios: [
      ['bundle gzipped, modern-only / with legacy', ratio(gz('modern'), gz('withLegacy'))],
      ['files loaded, modern-only / with legacy', ratio(files('modern'), files('withLegacy'))],
      ['cold start, modern-only / with legacy', ratio(ms('modern'), ms('withLegacy'))],
      ['cold start beyond bare node, modern-only / with legacy', ratio(beyondBare('modern'), beyondBare('withLegacy'))],
      ['cold start beyond ioredis alone (the mcpkit code), modern-only / with legacy', ratio(beyondIoredis('modern'), beyondIoredis('withLegacy'))],
    ],
    metrics: {
      'split.gzip': metric('modern-only Redis app bundle, gzipped bytes (withLegacy, legacy: the other sets)', gz),
      'split.files': metric('modern-only Redis app, files Node loads', files),
      'split.coldstart': metric('modern-only Redis app, spawn → loaded (raw: bare node)', ms, ms('bare')),
    },
    status: {
      mcpkit: failures.length ? `failed: ${failures[0]}` : 'measured',
      official: 'not applicable (how mcpkit’s own entries are cut)',
      raw: results.bare?.length ? 'measured (bare node)' : `not available: ${startFailures.bare ?? 'not run'}`,
    },
    eras: { mcpkit: 'no protocol traffic: the sets are imported, nothing is constructed, no Redis is needed' },
    notes: [],
    failures,
  };
}
