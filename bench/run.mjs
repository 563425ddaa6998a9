#!/usr/bin/env node
// The benchmark harness: runs every scenario for mcpkit, the official SDK v2 and the raw limit, alternating, and
// writes bench/results/latest.md, latest.svg and raw/latest.json. See bench/README.md.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, USAGE } from './lib/args.mjs';
import { chartSvg } from './lib/chart.mjs';
import { environment, loadAverage, waitForQuiet } from './lib/env.mjs';
import { curveSvgName, renderReport } from './lib/report.mjs';
import { renderCurveSvg } from './lib/svg-curve.mjs';
import * as stdio from './scenarios/stdio.mjs';
import * as http from './scenarios/http.mjs';
import * as dispatch from './scenarios/dispatch.mjs';
import * as coldstart from './scenarios/coldstart.mjs';
import * as size from './scenarios/size.mjs';
import * as validation from './scenarios/validation.mjs';
import * as soak from './scenarios/soak.mjs';
import * as registrySize from './scenarios/registry-size.mjs';
import * as payloadSize from './scenarios/payload-size.mjs';
import * as listeners from './scenarios/listeners.mjs';
import * as legacySessions from './scenarios/legacy-sessions.mjs';
import * as mrtrRounds from './scenarios/mrtr-rounds.mjs';
import * as concurrency from './scenarios/concurrency.mjs';
import * as otel from './scenarios/otel.mjs';
import * as split from './scenarios/entry-split.mjs';
import { FOLDED, foldedMarkdown, runFolded } from './scenarios/folded.mjs';

export const SCENARIOS = [stdio, http, dispatch, coldstart, size, validation, soak, otel, split];
/** The scale curves of issue 23: `--curves` runs them (alone, or with `--only`). */
export const CURVES = [registrySize, payloadSize, listeners, legacySessions, mrtrRounds, concurrency];

async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(e.message);
    process.exit(2);
  }
  if (opts.help) return console.log(USAGE);
  const all = [...SCENARIOS, ...CURVES];
  if (opts.list) return console.log(all.map((s) => `${s.id.padEnd(12)} ${s.title}`).join('\n'));
  // `--only curves` names every curve at once.
  if (opts.only?.includes('curves')) opts.only = [...opts.only.filter((n) => n !== 'curves'), ...CURVES.map((c) => c.id)];
  const unknown = (opts.only ?? []).filter((n) => !all.some((s) => s.id === n));
  if (unknown.length) {
    console.error(`unknown scenario ${unknown.join(', ')}; known: ${all.map((s) => s.id).join(', ')}, curves`);
    process.exit(2);
  }

  const outDir = resolve(opts.out ?? fileURLToPath(new URL('./results/', import.meta.url)));
  if (opts.renderOnly) {
    const run = JSON.parse(readFileSync(`${outDir}/raw/latest.json`, 'utf8'));
    // JSON has no NaN: a metric that was not measured comes back as null.
    for (const m of Object.values(run.metrics)) for (const k of Object.keys(m)) if (m[k] === null) m[k] = Number.NaN;
    writeOutputs(outDir, run);
    return console.log(`rewrote ${outDir}/latest.md and latest.svg from raw/latest.json`);
  }
  // Without --only: the scenarios, and the curves too with --curves. A curve named in --only always runs.
  const selected = all.filter((s) => (opts.only ? opts.only.includes(s.id) : SCENARIOS.includes(s) || opts.curves));
  const env = { ...environment(), loadBefore: loadAverage() };
  const log = (msg) => console.log(msg);
  const t0 = performance.now();
  const sections = [];
  const errors = [];
  const metrics = {};

  log(`mcpkit bench: ${opts.quick ? 'quick' : 'full'} run of ${selected.map((s) => s.id).join(', ')} (load average ${env.loadBefore})`);
  for (const scenario of selected) {
    const s0 = performance.now();
    log(`\n${scenario.title}`);
    if (opts.waitQuiet) await waitForQuiet(opts.waitQuiet, env.cores, log);
    const loadBefore = loadAverage();
    try {
      const reps = opts.reps !== null && typeof opts.reps === 'object' ? (opts.reps[scenario.id] ?? null) : opts.reps;
      const section = await scenario.run({ quick: opts.quick, reps, log });
      section.loadBefore = loadBefore;
      section.loadAfter = loadAverage();
      section.seconds = (performance.now() - s0) / 1000;
      sections.push(section);
      Object.assign(metrics, section.metrics);
      // A scenario whose own checks failed keeps its numbers in the report, and the run still fails.
      for (const message of section.failures ?? []) {
        errors.push({ id: scenario.id, title: scenario.title, message });
        log(`  check failed: ${message}`);
      }
    } catch (e) {
      errors.push({ id: scenario.id, title: scenario.title, message: String(e?.stack ?? e) });
      log(`  failed: ${e?.message ?? e}`);
    }
    log(`  done in ${((performance.now() - s0) / 1000).toFixed(1)} s (load average ${loadAverage()})`);
  }

  const folded = [];
  const runFoldedToo = opts.folded ?? !opts.quick;
  for (const f of FOLDED.filter((x) => !opts.only || opts.only.includes(x.after))) {
    if (!runFoldedToo) {
      folded.push({ ...f, outcome: { present: true, skipped: true }, markdown: '' });
      continue;
    }
    const s0 = performance.now();
    log(`\n${f.title}`);
    const outcome = await runFolded(f, { quick: opts.quick, log });
    folded.push({ ...f, outcome, markdown: outcome.result !== undefined ? foldedMarkdown(outcome.result) : '' });
    log(
      `  ${!outcome.present ? 'not present' : outcome.error ? `failed: ${outcome.error.split('\n')[0]}` : 'done'} in ${((performance.now() - s0) / 1000).toFixed(1)} s`,
    );
  }

  env.loadAfter = loadAverage();
  env.busy = Math.max(Number(env.loadBefore), Number(env.loadAfter), ...sections.flatMap((s) => [Number(s.loadBefore), Number(s.loadAfter)])) > env.cores + 0.5;
  const seconds = (performance.now() - t0) / 1000;
  const run = { env, quick: opts.quick, only: opts.only, seconds, sections, folded, metrics, errors };

  mkdirSync(`${outDir}/raw`, { recursive: true });
  writeFileSync(
    `${outDir}/raw/latest.json`,
    JSON.stringify(run, (k, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2),
  );
  writeOutputs(outDir, run);
  log(`\nwrote ${outDir}/latest.md and latest.svg in ${seconds.toFixed(0)} s`);
  if (errors.length) process.exitCode = 1;
}

/** latest.md and latest.svg for a run. */
function writeOutputs(outDir, run) {
  const { env } = run;
  writeFileSync(`${outDir}/latest.md`, renderReport(run));
  const subtitle = `${run.quick ? 'quick run' : 'full run'}, ${env.date}, ${env.cores} cores, Node ${env.node}`;
  writeFileSync(`${outDir}/latest.svg`, chartSvg(run.metrics, subtitle));
  for (const c of run.sections.flatMap((s) => s.curves ?? [])) {
    // JSON has no NaN: missing points come back as null.
    for (const side of Object.keys(c.series)) c.series[side] = c.series[side].map((v) => (v === null ? Number.NaN : v));
    writeFileSync(`${outDir}/${curveSvgName(c)}`, renderCurveSvg(c, subtitle));
  }
}

await main();
