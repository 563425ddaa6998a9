#!/usr/bin/env node
// @mcpkit/client benchmark: the client-side cost of one `tools/call`, mcpkit's ModernClient against the
// official SDK v2 client (@modelcontextprotocol/client, pinned to 2026-07-28), in the same run.
// Both talk to the same in-process server that answers at once, through the same loopback (serialize,
// parse, reply on a microtask); `raw` is that loopback with an id → promise map and nothing else.
// A client's overhead is its time per call minus raw's. Every measurement runs in a fresh process;
// sides alternate between repetitions. Run: `node bench/client/index.mjs [--quick]` (after `pnpm build`).
import { fileURLToPath } from 'node:url';
import { runNodeJson } from '../lib/proc.mjs';
import { repeatAlternating } from '../lib/repeat.mjs';
import { table } from '../lib/report.mjs';

const DRIVER = fileURLToPath(new URL('./driver.mjs', import.meta.url));
const SIDES = ['raw', 'mcpkit', 'official'];
const ALLOC_FLAGS = ['--expose-gc', '--min-semi-space-size=128', '--max-semi-space-size=128'];

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const fmt = (v, digits = 1) => (Number.isFinite(v) ? v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a');

/**
 * Runs the client benchmark and resolves with `{ rows, markdown, summary }`: per side and mode
 * (sequential, 64 in flight), CPU and wall µs per call, the overhead over raw, KB of heap per call,
 * and how many times less overhead mcpkit has than the official client.
 */
export async function runClientBench({ quick = false, log = () => {} } = {}) {
  const reps = quick ? 1 : 5;
  const calls = quick ? 5_000 : 40_000;
  const warmup = quick ? 1_000 : 5_000;
  const modes = [
    ['sequential', 1],
    ['64 in flight', 64],
  ];
  const ids = modes.flatMap(([mode]) => SIDES.map((side) => `${side}|${mode}`));
  const inFlightOf = Object.fromEntries(modes);
  const { results, failures } = await repeatAlternating({
    ids,
    reps,
    log,
    runOne: async (id, rep) => {
      const [side, mode] = id.split('|');
      const base = { side, warmup, inFlight: inFlightOf[mode] };
      const time = await runNodeJson(DRIVER, [JSON.stringify({ ...base, calls, measure: 'time' })]);
      const alloc = rep === 0 ? await runNodeJson(DRIVER, [JSON.stringify({ ...base, calls: 2_000, measure: 'alloc' })], { nodeArgs: ALLOC_FLAGS }) : {};
      if (time.errors || alloc.errors) throw new Error(`${id}: ${(time.errors ?? 0) + (alloc.errors ?? 0)} wrong answers`);
      return { ...time, bytesPerCall: alloc.bytesPerCall };
    },
  });

  const rows = [];
  const summary = {};
  for (const [mode] of modes) {
    const stat = (side, key) => median((results[`${side}|${mode}`] ?? []).map((r) => r[key]));
    const overhead = (side, key) => stat(side, key) - stat('raw', key);
    for (const side of SIDES) {
      const failed = failures[`${side}|${mode}`];
      if (failed) {
        rows.push({ mode, side, 'CPU µs/call': `failed: ${failed.split('\n')[0].slice(0, 160)}` });
        continue;
      }
      rows.push({
        mode,
        side,
        'CPU µs/call': fmt(stat(side, 'cpuUsPerCall')),
        'wall µs/call': fmt(stat(side, 'usPerCall')),
        'calls/s': fmt(stat(side, 'callsPerSec'), 0),
        'client overhead, CPU µs/call': side === 'raw' ? '(floor)' : fmt(overhead(side, 'cpuUsPerCall')),
        'KB heap/call': fmt(stat(side, 'bytesPerCall') / 1024, 2),
        'overhead vs official': '',
      });
    }
    const ratio = overhead('official', 'cpuUsPerCall') / overhead('mcpkit', 'cpuUsPerCall');
    const heapRatio = (stat('official', 'bytesPerCall') - stat('raw', 'bytesPerCall')) / (stat('mcpkit', 'bytesPerCall') - stat('raw', 'bytesPerCall'));
    summary[mode] = {
      overheadRatio: ratio,
      mcpkitOverheadUs: overhead('mcpkit', 'cpuUsPerCall'),
      officialOverheadUs: overhead('official', 'cpuUsPerCall'),
      heapRatio,
    };
    const mcpkitRow = rows.find((r) => r.mode === mode && r.side === 'mcpkit');
    if (mcpkitRow && Number.isFinite(ratio)) {
      // On a busy machine mcpkit's overhead can vanish into the noise of the floor: say so instead of a ratio.
      mcpkitRow['overhead vs official'] =
        summary[mode].mcpkitOverheadUs > 0
          ? `${fmt(ratio, 2)}× less CPU, ${fmt(heapRatio, 2)}× less heap`
          : `within noise of raw; ${fmt(heapRatio, 2)}× less heap`;
    }
  }
  const header = ['mode', 'side', 'CPU µs/call', 'wall µs/call', 'calls/s', 'client overhead, CPU µs/call', 'KB heap/call', 'overhead vs official'];
  const markdown = [
    `tools/call of \`echo\`, ${calls.toLocaleString('en-US')} calls per run after ${warmup.toLocaleString('en-US')} warm-up calls, median of ${reps} run(s) per side; ` +
      'both clients validate results with their defaults.',
    '',
    table(
      header,
      rows.map((r) => header.map((h) => String(r[h] ?? ''))),
    ),
  ].join('\n');
  return { rows, markdown, summary };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  const { markdown } = await runClientBench({ quick, log: (m) => console.error(m) });
  console.log(markdown);
}
