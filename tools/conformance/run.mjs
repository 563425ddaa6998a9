#!/usr/bin/env node
// `pnpm conformance`: runs the official MCP conformance suite against our server and client and
// gates on the result. See docs/conformance.md for what each scenario checks.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HELP, parseArgs } from './cli.mjs';
import { loadExpectedFailures } from './expected.mjs';
import { EXTENSIONS, EXTENSIONS_EXPECTED_FAILURES, EXTENSION_REVISION, checkExtensions, withTaggedExtensions } from './extensions.mjs';
import { ALL_LEGS, REVISIONS, checkCounts, scenarioSets } from './legs.mjs';
import { OLDER_REVISIONS, olderScenarioSets } from './older-legs.mjs';
import { parseExtensionTags } from './parse.mjs';
import { describe, pool, runOne, runServerRequirements } from './scenario-runs.mjs';
import { startServer } from './server-under-test.mjs';
import { WORK_DIR, ensureSuite, killGroup, liveGroups, runSuite } from './suite.mjs';
import { applyExpectations, summaryLine, tally } from './verdict.mjs';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const HERE = fileURLToPath(new URL('./', import.meta.url));
const KEEP_RUNS = 5;

const err = (line) => process.stderr.write(`[conformance] ${line}\n`);
const out = (line) => process.stdout.write(`${line}\n`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function newRunDir() {
  const runs = join(WORK_DIR, 'runs');
  mkdirSync(runs, { recursive: true });
  const old = readdirSync(runs).sort();
  for (const d of old.slice(0, Math.max(0, old.length - (KEEP_RUNS - 1)))) rmSync(join(runs, d), { recursive: true, force: true });
  const dir = join(runs, new Date().toISOString().replace(/[:.]/g, '-'));
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    err(e.message);
    return 2;
  }
  if (opts.help) {
    out(HELP);
    return 0;
  }
  const started = Date.now();
  const runDir = newRunDir();
  let suite;
  try {
    suite = ensureSuite();
  } catch (e) {
    err(e.message);
    return 2;
  }
  const ctx = { opts, suite, problems: [], sets: {}, serverUrl: opts.serverUrl, clientCmd: '' };

  const legs = ALL_LEGS.filter((l) => opts.legs.includes(l.name));
  const wantExtra = opts.legs.includes('extra');
  const wantExtensions = opts.legs.includes('extensions');
  const revisions = [
    ...REVISIONS.filter((rev) => wantExtra || legs.some((l) => l.revision === rev) || (wantExtensions && rev === EXTENSION_REVISION)),
    ...OLDER_REVISIONS.filter((rev) => legs.some((l) => l.revision === rev)),
  ];
  for (const rev of revisions) {
    const older = OLDER_REVISIONS.includes(rev);
    const r = await runSuite(suite, ['list', older ? '--spec-version' : '--requirements', rev], { cwd: REPO, timeoutMs: 60_000 });
    ctx.sets[rev] = older ? olderScenarioSets(r.stdout, rev) : scenarioSets(r.stdout);
  }
  if (wantExtensions && ctx.sets[EXTENSION_REVISION]) {
    // Extension scenarios outside every requirement set (skills) are tagged in the plain listing.
    const r = await runSuite(suite, ['list'], { cwd: REPO, timeoutMs: 60_000 });
    ctx.sets[EXTENSION_REVISION] = withTaggedExtensions(ctx.sets[EXTENSION_REVISION], parseExtensionTags(r.stdout));
  }
  const countProblems = [...checkCounts(ctx.sets), ...(wantExtensions ? checkExtensions(ctx.sets[EXTENSION_REVISION]) : [])];
  if (countProblems.length) {
    for (const p of countProblems) err(p);
    err('the pinned suite does not list what tools/conformance expects; update legs.mjs and docs/conformance.md together');
    return 2;
  }

  // Expected failures, one file per revision (the suite's format has no revision key).
  const expected = {};
  for (const rev of revisions) {
    const file = join(HERE, `expected-failures.${rev}.yml`);
    const parsed = existsSync(file) ? loadExpectedFailures(file) : { server: [], client: [] };
    for (const role of ['server', 'client']) {
      const known = new Set([...ctx.sets[rev][role], ...ctx.sets[rev].extra[role]]);
      for (const e of parsed[role]) {
        if (!known.has(e.scenario)) {
          err(`${file}:${e.line}: "${e.scenario}" is not a required or extra ${role} scenario of ${rev}`);
          return 2;
        }
      }
    }
    expected[rev] = parsed;
  }
  // The extensions line has its own file: its scenarios are no revision's required or extra ones.
  if (wantExtensions) {
    const file = join(HERE, EXTENSIONS_EXPECTED_FAILURES);
    const parsed = existsSync(file) ? loadExpectedFailures(file) : { server: [], client: [] };
    for (const role of ['server', 'client']) {
      for (const e of parsed[role]) {
        if (!EXTENSIONS[role].includes(e.scenario)) {
          err(`${file}:${e.line}: "${e.scenario}" is not a ${role} scenario of the extensions line (tools/conformance/extensions.mjs)`);
          return 2;
        }
      }
    }
    expected.extensions = parsed;
  }

  const only = (list) => (opts.scenarios.length ? list.filter((s) => opts.scenarios.includes(s)) : list);
  /** results[role][revision] = Map(scenario -> result) */
  const results = { server: {}, client: {} };
  const plan = (role, rev) => ({
    required: legs.some((l) => l.role === role && l.revision === rev) ? only(ctx.sets[rev][role]) : [],
    extra: wantExtra ? only(ctx.sets[rev].extra[role]) : [],
    extensions: wantExtensions && rev === EXTENSION_REVISION ? only(EXTENSIONS[role]) : [],
  });
  const all = (p) => [...p.required, ...p.extra, ...p.extensions];

  // Server legs, one after the other against one server that serves both revisions.
  const serverPlans = revisions.map((rev) => ({ rev, ...plan('server', rev) })).filter((p) => all(p).length > 0);
  if (serverPlans.length > 0) {
    let server;
    try {
      if (!ctx.serverUrl) {
        const cmd = opts.serverCmd;
        err(`starting the server under test: ${cmd}`);
        server = await startServer({ command: cmd, cwd: REPO, logFile: join(runDir, 'server.log'), startupMs: 60_000 });
        ctx.serverUrl = server.url;
      }
      for (const p of serverPlans) {
        const t0 = Date.now();
        const map = new Map();
        const fullLeg = p.required.length > 0 && opts.scenarios.length === 0;
        err(
          `server ${p.rev}: ${p.required.length} required + ${p.extra.length} extra + ${p.extensions.length} extension scenarios against ${ctx.serverUrl}${fullLeg ? ` (suite ${OLDER_REVISIONS.includes(p.rev) ? '--spec-version' : '--requirements'} run)` : ''}`,
        );
        if (fullLeg) {
          // The suite's --requirements run includes every extension scenario of the revision.
          for (const r of await runServerRequirements(ctx, p.rev, all(p), join(runDir, `server-${p.rev}`))) map.set(r.scenario, r);
          // Extension scenarios outside the revision's requirement set (skills) run one by one.
          let i = 0;
          for (const s of all(p).filter((s) => !map.get(s)?.checks && !map.get(s)?.counts))
            map.set(s, await runOne(ctx, 'server', p.rev, s, join(runDir, `server-${p.rev}-more`, String(i++))));
        } else {
          let i = 0;
          for (const s of all(p)) map.set(s, await runOne(ctx, 'server', p.rev, s, join(runDir, `server-${p.rev}`, String(i++))));
        }
        results.server[p.rev] = map;
        err(`server ${p.rev}: done in ${seconds(Date.now() - t0)}`);
      }
    } catch (e) {
      err(e instanceof Error ? e.message : String(e));
      return 2;
    } finally {
      await server?.stop();
    }
  }

  // Client legs: each scenario is its own suite run, a few at a time. The suite's own
  // `client --requirements` starts every scenario at once (25-40 processes) and has no option
  // to limit that; on two busy cores the clients then hit the suite's timeouts.
  const clientPlans = revisions.map((rev) => ({ rev, ...plan('client', rev) })).filter((p) => all(p).length > 0);
  if (clientPlans.length > 0) {
    ctx.clientCmd = opts.clientCmd;
    const first = ctx.clientCmd.split(' ')[0];
    const resolved = isAbsolute(first) ? first : resolve(REPO, first);
    if (existsSync(resolved)) ctx.clientCmd = [resolved, ...ctx.clientCmd.split(' ').slice(1)].join(' ');
    else if (first.includes('/')) {
      err(`the client command does not exist: ${resolved}`);
      return 2;
    }
    const tasks = clientPlans.flatMap((p) => all(p).map((s) => ({ rev: p.rev, scenario: s })));
    const t0 = Date.now();
    err(`clients: ${tasks.length} scenario run${tasks.length === 1 ? '' : 's'}, ${opts.concurrency} at a time, with ${ctx.clientCmd}`);
    const done = await pool(tasks, opts.concurrency, (t, i) => runOne(ctx, 'client', t.rev, t.scenario, join(runDir, `client-${t.rev}`, String(i))));
    for (const p of clientPlans) results.client[p.rev] = new Map();
    done.forEach((r, i) => results.client[tasks[i].rev].set(r.scenario, r));
    err(`clients: done in ${seconds(Date.now() - t0)}`);
  }

  // Verdicts.
  const lines = [];
  const details = [];
  let unexpected = 0;
  let stale = 0;
  let expectedCount = 0;
  const judge = (role, rev, names, entries = expected[rev][role]) => {
    const map = results[role][rev] ?? new Map();
    const rs = names.map((s) => map.get(s) ?? { scenario: s, notes: ['no result'] });
    const judged = applyExpectations(rs, entries);
    for (const j of judged) {
      if (j.outcome === 'pass') continue;
      if (j.outcome === 'unexpected') unexpected++;
      if (j.outcome === 'stale') stale++;
      if (j.outcome === 'expected') expectedCount++;
      details.push(...describe(j, role, rev, opts.verbose, (s) => map.get(s)));
    }
    return judged;
  };
  let total = { passed: 0, failed: 0 };
  for (const leg of legs) {
    let judged;
    if (leg.name === 'extra') {
      judged = revisions.flatMap((rev) => ['server', 'client'].flatMap((role) => judge(role, rev, plan(role, rev).extra)));
    } else {
      judged = judge(leg.role, leg.revision, plan(leg.role, leg.revision).required);
    }
    const t = tally(judged);
    total = { passed: total.passed + t.passed, failed: total.failed + t.failed };
    lines.push(summaryLine(leg.name, t.passed, t.failed));
  }
  lines.push(summaryLine('total', total.passed, total.failed));
  // Its own line, after the total: extension scenarios are not part of the required counts.
  if (wantExtensions) {
    const judged = ['server', 'client'].flatMap((role) =>
      judge(role, EXTENSION_REVISION, plan(role, EXTENSION_REVISION).extensions, expected.extensions[role]),
    );
    const t = tally(judged);
    lines.push(summaryLine('extensions', t.passed, t.failed));
  }
  for (const d of details) out(d);
  if (details.length) out('');
  for (const l of lines) out(l);

  for (const p of ctx.problems) err(`harness: ${p}`);
  err(`run folder: ${runDir}`);
  err(`took ${seconds(Date.now() - started)}`);
  if (ctx.problems.length > 0) {
    err('FAILED: the harness could not read the suite consistently (see above)');
    return 2;
  }
  if (unexpected || stale) {
    err(
      `FAILED: ${unexpected} unexpected failure${unexpected === 1 ? '' : 's'}, ${stale} expected failure${stale === 1 ? '' : 's'} that now pass${stale === 1 ? 'es' : ''}`,
    );
    return 1;
  }
  err(
    `OK${expectedCount ? ` (${expectedCount} expected failure${expectedCount === 1 ? '' : 's'}, each listed in expected-failures.<revision>.yml or ${EXTENSIONS_EXPECTED_FAILURES})` : ''}`,
  );
  return 0;
}

function endAll() {
  for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
}
process.on('exit', endAll);
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    err(`${sig}: stopping`);
    endAll();
    process.exit(130);
  });
}

main().then(
  (code) => process.exit(code),
  (e) => {
    err(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exit(2);
  },
);
