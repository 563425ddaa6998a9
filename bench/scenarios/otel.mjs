// The cost of @mcpkit/otel: HTTP and stdio `echo` throughput of mcpkit with the instrumentation on (the
// OpenTelemetry SDK registered, its exporter dropping everything) as a ratio of the same server without it.
import { fileURLToPath } from 'node:url';
import { num, pm, times } from '../lib/format.mjs';
import { runNodeJson, stopChild } from '../lib/proc.mjs';
import { repeatAlternating } from '../lib/repeat.mjs';
import { label, med, resolveSides, sideStatus } from '../lib/scenario-kit.mjs';
import { ratio } from '../lib/stats.mjs';
import { echoCall, httpHeadersFor } from '../lib/wire.mjs';
import { startChecked } from './http.mjs';

export const id = 'otel';
export const title = '8. OpenTelemetry — throughput with @mcpkit/otel on, as a ratio of off';

const LOAD = fileURLToPath(new URL('../drivers/http-load.mjs', import.meta.url));
const STDIO = fileURLToPath(new URL('../drivers/stdio-driver.mjs', import.meta.url));
const SIDES = ['mcpkit', 'mcpkit-otel', 'otel-floor'];
const TEXT = 'hello over http';

export async function run({ quick, reps: repsOpt, log }) {
  const connections = 50;
  const durationSec = quick ? 2 : 10;
  const calls = quick ? 2_000 : 20_000;
  const reps = repsOpt ?? (quick ? 2 : 3);
  const sides = resolveSides(SIDES, ['http-server.mjs', 'stdio-server.mjs', 'stdio-client.mjs']);
  const request = echoCall(1, TEXT);
  const ids = SIDES.filter((s) => !sides[s].missing.length);

  const { results, failures } = await repeatAlternating({
    ids,
    reps,
    log,
    runOne: async (side) => {
      const server = await startChecked(sides[side].files['http-server.mjs']);
      let http;
      try {
        const args = (seconds) =>
          JSON.stringify({
            url: `http://127.0.0.1:${server.port}/mcp`,
            connections,
            durationSec: seconds,
            warmupSec: 0,
            body: JSON.stringify(request),
            headers: httpHeadersFor(request),
            id: request.id,
            text: TEXT,
          });
        await runNodeJson(LOAD, [args(quick ? 0.5 : 2)]);
        http = await runNodeJson(LOAD, [args(durationSec)]);
      } finally {
        await stopChild(server.child);
      }
      const files = sides[side].files;
      const stdio = await runNodeJson(STDIO, [
        JSON.stringify({
          client: files['stdio-client.mjs'],
          server: files['stdio-server.mjs'],
          command: process.execPath,
          args: [files['stdio-server.mjs']],
          calls,
          inflight: 64,
          warmup: quick ? 200 : 1_000,
        }),
      ]);
      const bad = http.errors + http.timeouts + http.non2xx + http.mismatches + stdio.seq.errors + stdio.inflight.errors + stdio.warmupErrors;
      return { rps: http.reqPerSec, seq: stdio.seq.callsPerSec, inflight: stdio.inflight.callsPerSec, bad };
    },
  });

  const m = (side, key) => med(results[side], (r) => r[key]);
  const status = {};
  for (const side of SIDES) status[side] = sideStatus(sides[side], failures[side]);
  const rows = SIDES.map((side) => {
    if (!results[side]?.length) return [label(side), status[side], '', '', ''];
    const cell = (key) => `${num(m(side, key).value)} ${pm(m(side, key).spread)}`;
    return [label(side), cell('rps'), cell('seq'), cell('inflight'), String(results[side].reduce((a, r) => a + r.bad, 0))];
  });
  const on = (key) => ratio(m('mcpkit-otel', key).value, m('mcpkit', key).value);
  const floor = (key) => ratio(m('otel-floor', key).value, m('mcpkit', key).value);
  const overFloor = (key) => ratio(m('mcpkit-otel', key).value, m('otel-floor', key).value);
  return {
    id,
    title,
    description:
      'The same echo server and client as scenarios 1 and 2, once plain and once with `@mcpkit/otel` on both sides ' +
      '(`createServer({ around })`, `instrumentTransport`): the OpenTelemetry SDK registered as an app would (batching span ' +
      'processor, AsyncLocalStorage context, W3C propagation, an in-memory meter provider), its exporter dropping every batch. ' +
      `HTTP: autocannon, ${connections} connections, ${durationSec} s (server spans only: the load generator is not our client). ` +
      `stdio: ${num(calls)} sequential calls, then ${num(calls)} with 64 in flight (client and server spans, trace context in \`_meta\`). ` +
      'The third side is the floor: the least any instrumentation can do with the same SDK (impl/otel-floor/floor.mjs: one span ' +
      'with fixed attributes, the handler or the send in its context, `_meta` propagation, one histogram record). ' +
      'floor / off is what the SDK itself costs; on / floor is what our own code costs on top. ' +
      `${reps} runs per side, alternating; medians. Goal: ≥ 0.9× of off.`,
    tables: [{ header: ['side', 'HTTP req/s', 'stdio calls/s (sequential)', 'stdio calls/s (64 in flight)', 'errors'], rows }],
    ratios: [
      ['HTTP req/s, on / off', on('rps')],
      ['stdio sequential calls/s, on / off', on('seq')],
      ['stdio 64-in-flight calls/s, on / off', on('inflight')],
      ['HTTP req/s, SDK floor / off', floor('rps')],
      ['stdio sequential calls/s, SDK floor / off', floor('seq')],
      ['stdio 64-in-flight calls/s, SDK floor / off', floor('inflight')],
      ['HTTP req/s, on / SDK floor', overFloor('rps')],
      ['stdio sequential calls/s, on / SDK floor', overFloor('seq')],
      ['stdio 64-in-flight calls/s, on / SDK floor', overFloor('inflight')],
    ],
    metrics: {},
    status: { mcpkit: status.mcpkit, official: '', raw: status['mcpkit-otel'] },
    notes: [
      `on / off: HTTP ${times(on('rps'))}, stdio ${times(on('seq'))} / ${times(on('inflight'))}`,
      `SDK floor / off: HTTP ${times(floor('rps'))}, stdio ${times(floor('seq'))} / ${times(floor('inflight'))}`,
      `on / SDK floor: HTTP ${times(overFloor('rps'))}, stdio ${times(overFloor('seq'))} / ${times(overFloor('inflight'))}`,
    ],
  };
}
