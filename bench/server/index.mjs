#!/usr/bin/env node
// @mcpkit/server benchmark: tools/call dispatches per second on a 100-tool server and heap allocated per
// request, against the official SDK v2 server in the same run; then the cost of other server paths.
// Run: `node bench/server/index.mjs [--quick]` (after `pnpm build`), or through bench/run.mjs.
// Every measurement runs in a fresh process; mcpkit and the official SDK alternate between repetitions.
import { fileURLToPath } from 'node:url';
import { runNodeJson } from '../lib/proc.mjs';
import { repeatAlternating } from '../lib/repeat.mjs';
import { table } from '../lib/report.mjs';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const DISPATCH_DRIVER = here('../drivers/dispatch-driver.mjs');
const COSTS_DRIVER = here('./costs-driver.mjs');
const IMPLS = { mcpkit: here('../impl/mcpkit/dispatch.mjs'), official: here('../impl/official/dispatch.mjs') };
const ALLOC_FLAGS = ['--expose-gc', '--min-semi-space-size=128', '--max-semi-space-size=128'];
const COST_CASES = [
  ['call-production', 'tools/call, 100 tools, production mode'],
  ['call-development', 'tools/call, 100 tools, development mode (results self-checked)'],
  ['call-invalid-args', 'tools/call with arguments failing the schema (isError result)'],
  ['list-100', 'tools/list, 100 tools on one page'],
  ['read-template', 'resources/read through an RFC 6570 template'],
  ['mrtr-round', 'MRTR round: input_required with sealed state, then the retry opening it'],
];

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : Number.NaN;
};
const fmt = (v, digits = 0) => (Number.isFinite(v) ? v.toLocaleString('en-US', { maximumFractionDigits: digits }) : 'n/a');

/**
 * Runs the server benchmark and resolves with `{ rows, markdown }`: dispatches/s and KB/request for
 * mcpkit and the official SDK (tools/call and tools/list on 100 tools), their ratio, and µs/op of
 * other mcpkit server paths.
 */
export async function runServerBench({ quick = false, log = () => {} } = {}) {
  const reps = quick ? 1 : 3;
  const ops = quick ? 3_000 : 20_000;
  const maxMs = quick ? 600 : 3_000;
  const warmup = quick ? 300 : 2_000;

  const runners = {};
  for (const side of Object.keys(IMPLS)) for (const method of ['tools/call', 'tools/list']) runners[`${side}|${method}`] = { side, method };
  const cfg = (r, measure) => JSON.stringify({ impl: IMPLS[r.side], mode: 'direct', method: r.method, measure, ops, maxMs, warmup, allocOps: 2_000 });
  const { results, failures } = await repeatAlternating({
    ids: Object.keys(runners),
    reps,
    log,
    runOne: async (rid, rep) => {
      const time = await runNodeJson(DISPATCH_DRIVER, [cfg(runners[rid], 'time')]);
      const alloc = rep === 0 ? await runNodeJson(DISPATCH_DRIVER, [cfg(runners[rid], 'alloc')], { nodeArgs: ALLOC_FLAGS }) : {};
      if (time.errors || alloc.errors) throw new Error(`${rid}: ${time.errors + (alloc.errors ?? 0)} wrong responses`);
      return { ...time, bytesPerOp: alloc.bytesPerOp };
    },
  });

  const rows = [];
  for (const method of ['tools/call', 'tools/list']) {
    const perSec = (side) => median((results[`${side}|${method}`] ?? []).map((r) => r.opsPerSec));
    const bytes = (side) => median((results[`${side}|${method}`] ?? []).map((r) => r.bytesPerOp));
    for (const side of Object.keys(IMPLS)) {
      const failed = failures[`${side}|${method}`];
      rows.push({
        measure: `${method}, 100 tools, parse → dispatch → serialize`,
        side,
        'dispatches/s': failed ? `failed: ${failed.split('\n')[0].slice(0, 160)}` : fmt(perSec(side)),
        'µs/request': fmt(1e6 / perSec(side), 1),
        'KB heap/request': fmt(bytes(side) / 1024, 2),
        'vs official':
          side === 'mcpkit' && Number.isFinite(perSec('mcpkit') / perSec('official'))
            ? `${fmt(perSec('mcpkit') / perSec('official'), 2)}× the dispatches/s, ${fmt(bytes('official') / bytes('mcpkit'), 2)}× less heap`
            : '',
      });
    }
  }

  for (const [name, what] of COST_CASES) {
    const runs = [];
    for (let rep = 0; rep < reps; rep++) {
      try {
        runs.push(await runNodeJson(COSTS_DRIVER, [JSON.stringify({ case: name, ops: quick ? 2_000 : 10_000, warmup: quick ? 200 : 1_000, maxMs })]));
      } catch (error) {
        rows.push({ measure: what, side: 'mcpkit', 'dispatches/s': `failed: ${String(error.message).split('\n')[0]}` });
        break;
      }
    }
    if (runs.length === reps) {
      const perSec = median(runs.map((r) => r.opsPerSec));
      rows.push({ measure: what, side: 'mcpkit', 'dispatches/s': fmt(perSec), 'µs/request': fmt(1e6 / perSec, 1), 'KB heap/request': '', 'vs official': '' });
    }
    log(`  ${name} done`);
  }

  const header = ['measure', 'side', 'dispatches/s', 'µs/request', 'KB heap/request', 'vs official'];
  const markdown = table(
    header,
    rows.map((r) => header.map((h) => String(r[h] ?? ''))),
  );
  return { rows, markdown };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  const { markdown } = await runServerBench({ quick, log: (m) => console.error(m) });
  console.log(markdown);
}
