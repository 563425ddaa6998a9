// Running the suite for a leg or a single scenario, and turning its output into results.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OLDER_REVISIONS } from './older-legs.mjs';
import { countChecks, parseSingle, parseSummary, readChecks } from './parse.mjs';
import { runSuite } from './suite.mjs';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const err = (line) => process.stderr.write(`[conformance] ${line}\n`);

/** Runs `fn` over `items`, at most `size` at a time, keeping the order of the results. */
export async function pool(items, size, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i], i);
      }
    }),
  );
  return results;
}

/** How long the client under test may run: 5 s less than the suite's per-scenario `timeoutMs`. */
export const clientDeadlineMs = (timeoutMs) => Math.max(1_000, timeoutMs - 5_000);

/** Runs one scenario on its own (`--scenario`), for client legs and for extras run alone. */
export async function runOne(ctx, role, revision, scenario, dir) {
  mkdirSync(dir, { recursive: true });
  const args =
    role === 'server'
      ? ['server', '--url', ctx.serverUrl, '--scenario', scenario, '--spec-version', revision, '--force', '--timeout', String(ctx.opts.timeout), '-o', dir]
      : ['client', '--command', ctx.clientCmd, '--scenario', scenario, '--spec-version', revision, '--force', '--timeout', String(ctx.opts.timeout), '-o', dir];
  // The suite hands its environment to the client it starts: the client under test gives up (saying
  // why) 5 s before the suite's timeout would kill it, whatever --timeout is.
  const env = role === 'client' ? { ...process.env, MCPKIT_CONFORMANCE_DEADLINE_MS: String(clientDeadlineMs(ctx.opts.timeout)) } : process.env;
  const r = await runSuite(ctx.suite, args, { cwd: REPO, timeoutMs: ctx.opts.timeout + 60_000, env });
  const text = `${r.stdout}\n${r.stderr}`;
  writeFileSync(join(dir, 'suite-output.txt'), text);
  if (ctx.opts.verbose) err(`--- ${role} ${revision} ${scenario} ---\n${text.trimEnd()}`);
  const result = { scenario, notes: [] };
  try {
    const single = parseSingle(text);
    result.counts = { passed: single.passed, failed: single.failed, warnings: single.warnings };
    result.skipped = single.skipped;
    result.notes.push(...single.notes);
  } catch (e) {
    result.notes.push(r.timedOut ? 'the suite was killed by the harness watchdog' : `could not read the suite's output: ${e.message}`);
  }
  result.checks = readChecks(dir, role).get(scenario);
  crossCheck(ctx, role, revision, result);
  return result;
}

/** The text counts and checks.json must tell the same story; if not, our parsing is wrong. */
function crossCheck(ctx, role, revision, result) {
  if (!result.counts || !result.checks) return;
  const c = countChecks(result.checks);
  if (c.passed !== result.counts.passed || c.failed !== result.counts.failed) {
    ctx.problems.push(
      `${role} ${revision} ${result.scenario}: the suite printed ${result.counts.passed} passed, ${result.counts.failed} failed but its checks.json holds ${c.passed} passed, ${c.failed} failed`,
    );
  }
}

/**
 * A server leg: the suite's own `--requirements` run (required + unscored scenarios, in order); for
 * an older revision, which has no requirement set, its `--spec-version` run (the scenarios that apply).
 */
export async function runServerRequirements(ctx, revision, wanted, dir) {
  mkdirSync(dir, { recursive: true });
  const selection = OLDER_REVISIONS.includes(revision) ? ['--spec-version', revision] : ['--requirements', revision];
  const args = ['server', '--url', ctx.serverUrl, ...selection, '--timeout', String(ctx.opts.timeout), '-o', dir];
  const budget = (ctx.sets[revision].server.length + 20) * ctx.opts.timeout + 60_000;
  const r = await runSuite(ctx.suite, args, { cwd: REPO, timeoutMs: budget, onData: ctx.opts.verbose ? (d) => process.stderr.write(d) : undefined });
  writeFileSync(join(dir, 'suite-output.txt'), `${r.stdout}\n${r.stderr}`);
  let summary;
  try {
    summary = parseSummary(r.stdout);
  } catch (e) {
    ctx.problems.push(
      `server ${revision}: ${r.timedOut ? 'the suite was killed by the harness watchdog' : `could not read the suite's summary: ${e.message}`}; using the checks it saved`,
    );
  }
  const checks = readChecks(dir, 'server');
  return wanted.map((scenario) => {
    const line = summary?.scenarios.find((s) => s.scenario === scenario);
    const result = { scenario, notes: [], checks: checks.get(scenario), skipped: line?.skipped };
    if (line) result.counts = { passed: line.passed, failed: line.failed, warnings: line.warnings };
    crossCheck(ctx, 'server', revision, result);
    return result;
  });
}

/** The lines printed for a scenario that did not plainly pass. */
export function describe(j, role, revision, verbose, checksOf) {
  const lines = [];
  const mark = { unexpected: '✗', stale: '!', expected: '~' }[j.outcome];
  const label = `${role} ${revision} ${j.scenario}`;
  if (j.outcome === 'expected') lines.push(`${mark} ${label}: expected failure (${j.reason})`);
  else if (j.outcome === 'stale') lines.push(`${mark} ${label}: listed as an expected failure but ${j.why} (${j.reason})`);
  else lines.push(`${mark} ${label}: ${j.why}`);
  const r = checksOf(j.scenario);
  if (r?.notes?.length) lines.push(`    note: ${r.notes.join('; ')}`);
  if ((j.outcome === 'unexpected' || verbose) && r?.checks) {
    const bad = r.checks.filter((c) => c.status === 'FAILURE' || (verbose && c.status === 'WARNING'));
    for (const c of bad.slice(0, verbose ? bad.length : 6)) {
      const msg = (c.errorMessage || c.description || '').replace(/\s+/g, ' ').slice(0, verbose ? 2000 : 240);
      lines.push(`    ${c.status} ${c.id}: ${msg}`);
    }
    if (!verbose && bad.length > 6) lines.push(`    … ${bad.length - 6} more (--verbose)`);
  }
  return lines;
}
