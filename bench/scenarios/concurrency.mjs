// Curve — concurrency: stateless Streamable HTTP `tools/call` at 1, 10, 50, 200 and 1,000 connections: req/s and p99,
// where each server saturates and how it degrades. Errors must stay 0, or the refusals be clean 503s.
import { fileURLToPath } from 'node:url';
import { makeCurve } from '../lib/curve.mjs';
import { micros, num } from '../lib/format.mjs';
import { cpuSecondsOf, runNodeJson, stopChild } from '../lib/proc.mjs';
import { repeatAlternating } from '../lib/repeat.mjs';
import { med, resolveSides, sideStatus } from '../lib/scenario-kit.mjs';
import { echoCall, httpHeadersFor } from '../lib/wire.mjs';
import { startChecked } from './http.mjs';

export const id = 'concurrency';
export const title = 'Curve: concurrency — HTTP `tools/call` at 1 to 1,000 connections';

const LOAD = fileURLToPath(new URL('../drivers/http-load.mjs', import.meta.url));
const SIDES = ['mcpkit', 'official', 'raw'];
const TEXT = 'hello at scale';

export async function run({ quick, reps: repsOpt, log }) {
  const points = [1, 10, 50, 200, 1000];
  const durationSec = quick ? 1 : 4;
  const reps = repsOpt ?? 1;
  const sides = resolveSides(SIDES, ['http-server.mjs']);
  const request = echoCall(1, TEXT);
  const ids = [];
  for (const side of SIDES) if (!sides[side].missing.length) for (const c of points) ids.push(`${side}|${c}`);
  const { results, failures } = await repeatAlternating({
    ids,
    reps,
    log,
    runOne: async (rid) => {
      const [side, c] = rid.split('|');
      const server = await startChecked(sides[side].files['http-server.mjs']);
      try {
        const args = (seconds) =>
          JSON.stringify({
            url: `http://127.0.0.1:${server.port}/mcp`,
            connections: Number(c),
            durationSec: seconds,
            warmupSec: 0,
            body: JSON.stringify(request),
            headers: httpHeadersFor(request),
            id: request.id,
            text: TEXT,
            allowRefusals: true,
          });
        await runNodeJson(LOAD, [args(quick ? 0.5 : 1)]);
        const cpu0 = cpuSecondsOf(server.pid);
        const r = await runNodeJson(LOAD, [args(durationSec)], { timeoutMs: 120_000 });
        r.serverCpuUsPerReq = r.requests ? ((cpuSecondsOf(server.pid) - cpu0) * 1e6) / r.requests : Number.NaN;
        // No request completed: there is no latency to show (autocannon reports 0).
        if (!r.requests) r.p99Ms = Number.NaN;
        const codes = r.statusCodes ?? {};
        r.count503 = codes['503'] ?? 0;
        r.otherNon2xx = r.non2xx - r.count503;
        // Clean: every failure is a 503 whose body is a JSON-RPC error; no socket errors, timeouts or wrong bodies.
        r.unclean = r.errors + r.timeouts + r.mismatches + r.otherNon2xx + Math.abs(r.refusals - r.count503);
        return r;
      } finally {
        await stopChild(server.child);
      }
    },
  });
  const at = (side, pick) => points.map((c) => (results[`${side}|${c}`]?.length ? med(results[`${side}|${c}`], pick).value : Number.NaN));
  const series = (pick) => Object.fromEntries(SIDES.map((s) => [s, at(s, pick)]));
  const sum = (side, c, k) => (results[`${side}|${c}`] ?? []).reduce((a, r) => a + r[k], 0);
  const health = (side) => points.map((c) => (results[`${side}|${c}`]?.length ? `${num(sum(side, c, 'count503'))} / ${num(sum(side, c, 'unclean'))}` : '—'));
  const common = { xLabel: 'connections', xs: points, xTicks: points.map((c) => num(c)) };
  const healthCols = { header: ['503s / other failures: mcpkit', 'official', 'raw'], rows: points.map((_, i) => SIDES.map((s) => health(s)[i])) };
  const curves = [
    makeCurve({
      ...common,
      id: 'concurrency-rps',
      title: 'req/s',
      yLabel: 'req/s',
      better: 'higher',
      format: (v) => num(v),
      series: series((r) => r.reqPerSec),
      extra: healthCols,
    }),
    makeCurve({ ...common, id: 'concurrency-p99', title: 'p99 latency', yLabel: 'µs', better: 'lower', format: micros, series: series((r) => r.p99Ms * 1000) }),
    makeCurve({
      ...common,
      id: 'concurrency-cpu',
      title: 'server CPU time per request',
      yLabel: 'µs CPU',
      better: 'lower',
      format: (v) => `${num(v, 1)} µs`,
      series: series((r) => r.serverCpuUsPerReq),
    }),
  ];
  const unclean = Object.entries(results).filter(([, runs]) => runs.some((r) => r.unclean > 0));
  const stalled = Object.entries(results)
    .filter(([, runs]) => runs.some((r) => !r.requests))
    .map(([k]) => k);
  const status = {};
  for (const side of SIDES) status[side] = sideStatus(sides[side], Object.entries(failures).find(([k]) => k.startsWith(`${side}|`))?.[1]);
  return {
    id,
    title,
    description:
      "Each side's stateless HTTP server of scenario 2 (one `echo` tool) in its own process, autocannon in another, the same valid " +
      `2026-07-28 \`tools/call\` on every connection, every body checked. Per point: a fresh server, a ${quick ? '0.5' : '1'} s warm-up, ` +
      `then ${durationSec} s measured; ${reps} run(s), alternating, medians. A response that is a 503 with an id-less JSON-RPC error ` +
      'body is a clean refusal (load shedding); anything else that is not the echo (socket errors, timeouts, other statuses, wrong ' +
      'bodies) is a failure. Servers keep their defaults (mcpkit: `limits.maxConcurrent` 1024 and `maxConnectionsPerClient` ' +
      '1024). The load generator shares the 2 cores with the server, so past saturation req/s measures the machine; server CPU ' +
      'per request does not.',
    tables: [],
    curves,
    ratios: [],
    metrics: {},
    status,
    eras: { mcpkit: '2026-07-28', official: '2026-07-28 (`createMcpHandler`, legacy: reject)', raw: 'none' },
    notes: [
      ...Object.entries(failures).map(([k, v]) => `${k}: ${v.split('\n')[0]}`),
      unclean.length
        ? `Unclean failures at: ${unclean.map(([k, runs]) => `${k} (${runs.map((r) => `${r.errors} socket errors, ${r.timeouts} timeouts, ${r.otherNon2xx} other non-2xx, ${r.mismatches} wrong bodies${r.firstMismatch ? `; first: ${r.firstMismatch.slice(0, 120)}` : ''}`).join('; ')})`).join(', ')}.`
        : 'No unclean failures at any point: every response was the echo or a clean 503.',
      ...(stalled.length
        ? [`No request completed during the measured seconds (none failed either: they were still waiting, under the 10 s timeout) at: ${stalled.join(', ')}.`]
        : []),
    ],
  };
}
