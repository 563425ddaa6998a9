// Curve — legacy sessions: 100 to 10k idle 2025-11-25 HTTP sessions on one server: memory per session, and a call
// inside a session as the store grows.
import { fileURLToPath } from 'node:url';
import { makeCurve } from '../lib/curve.mjs';
import { kilobytes, micros, num, times } from '../lib/format.mjs';
import { runNodeJson } from '../lib/proc.mjs';
import { repeatAlternating } from '../lib/repeat.mjs';
import { med, resolveSides, sideStatus } from '../lib/scenario-kit.mjs';
import { ratio } from '../lib/stats.mjs';

export const id = 'sessions';
export const title = 'Curve: legacy sessions — 100 to 10k idle 2025-11-25 sessions';

const DRIVER = fileURLToPath(new URL('../drivers/sessions-driver.mjs', import.meta.url));
const SIDES = ['mcpkit', 'official'];

export async function run({ quick, reps: repsOpt, log }) {
  const points = quick ? [100, 1000] : [100, 1000, 3000, 10_000];
  const calls = quick ? 100 : 300;
  const reps = repsOpt ?? 1;
  const sides = resolveSides(SIDES, ['legacy-sessions.mjs']);
  const { results, failures } = await repeatAlternating({
    ids: SIDES.filter((s) => !sides[s].missing.length),
    reps,
    log,
    runOne: async (side) => {
      const r = await runNodeJson(DRIVER, [JSON.stringify({ impl: sides[side].files['legacy-sessions.mjs'], points, calls, maxSec: quick ? 120 : 300 })], {
        nodeArgs: ['--expose-gc', '--max-old-space-size=8192'],
        timeoutMs: 900_000,
      });
      if (r.errors) throw new Error(`${r.errors} errors; first: ${r.firstError}`);
      return r;
    },
  });
  const at = (side, pick) =>
    points.map((n, i) => (results[side]?.length ? med(results[side], (r) => (r.points[i]?.n === n ? pick(r.points[i]) : Number.NaN)).value : Number.NaN));
  const series = (pick) => Object.fromEntries(SIDES.map((s) => [s, at(s, pick)]));
  const common = { xLabel: 'idle sessions', xs: points, xTicks: points.map((n) => num(n)) };
  const curves = [
    makeCurve({
      ...common,
      id: 'sessions-memory',
      title: 'memory per idle legacy session (JS heap + external)',
      yLabel: 'bytes per session',
      better: 'lower',
      format: kilobytes,
      series: series((p) => p.bytesPerSession),
      budget: 4_000,
      budgetLabel: 'budget 4 KB (10k)',
    }),
    makeCurve({
      ...common,
      id: 'sessions-call',
      title: '`tools/call` inside a session, p50',
      yLabel: 'µs per call',
      better: 'lower',
      format: micros,
      series: series((p) => p.callP50Us),
      extra: { header: ['p99: mcpkit / official'], rows: points.map((_, i) => [SIDES.map((s) => micros(at(s, (p) => p.callP99Us)[i])).join(' / ')]) },
    }),
  ];
  const last = points.length - 1;
  const callGrowth = (side) => ratio(curves[1].series[side][last], curves[1].series[side][0]);
  const status = {};
  for (const side of SIDES) status[side] = sideStatus(sides[side], failures[side]);
  status.raw = 'no raw limit (a session store is the feature)';
  return {
    id,
    title,
    description:
      "One process holds the server and the client (fetch over 127.0.0.1, as the soak's session-memory probe does). Sessions are " +
      'opened 50 at a time (`initialize` + `notifications/initialized`, every answer checked) up to each point; at each point the ' +
      'JS heap + external memory after full GCs, minus that with 10 sessions, divided by the sessions added, and ' +
      `${calls} sequential \`tools/call\`s of \`echo\` inside a session in the middle of the store (each checked), their p50 and p99 ` +
      '(client time: fetch and the server together). One run per side: the points are one growing store. The official SDK v2 ' +
      'serves 2025-11-25 over HTTP only statelessly from `createMcpHandler`, so its side is the sessionful wiring its transport ' +
      'documents: one `McpServer` + `NodeStreamableHTTPServerTransport` per session, in a Map by session id.',
    tables: [],
    curves,
    ratios: [
      [`call at ${num(points[last])} sessions / at ${num(points[0])}, mcpkit`, callGrowth('mcpkit')],
      [`call at ${num(points[last])} sessions / at ${num(points[0])}, official`, callGrowth('official')],
    ],
    metrics: {
      'sessions.perSession': {
        title: `memory per legacy session at ${num(points[last])}`,
        better: 'lower',
        mcpkit: curves[0].series.mcpkit[last],
        official: curves[0].series.official[last],
        raw: Number.NaN,
      },
    },
    status,
    eras: {
      mcpkit: '2025-11-25 sessions through `dualEra(server, { sessions: MemorySessionStore })` on `serveHttp`',
      official: '2025-11-25 sessions through `NodeStreamableHTTPServerTransport({ sessionIdGenerator })`, one `McpServer` each',
    },
    notes: [
      `Connections reset by the server's keep-alive timeout while the client reused them (retried, at most 3 times): ${SIDES.map((s) => `${s} ${(results[s] ?? []).reduce((a, r) => a + (r.retries ?? 0), 0)}`).join(', ')}.`,
      ...SIDES.filter((s) => results[s]?.some((r) => r.stoppedAt)).map(
        (s) =>
          `${s}: stopped before ${num(results[s].find((r) => r.stoppedAt).stoppedAt)} sessions (the run's time box of ${quick ? 120 : 300} s was used up opening the smaller points).`,
      ),
      ...Object.entries(failures).map(([k, v]) => `${k}: ${v.split('\n')[0]}`),
      `At ${num(points[0])} sessions the per-session figure still carries fixed costs (the store's first allocations), so the last point is the one to read. ${times(callGrowth('mcpkit'))} is mcpkit's call at the largest store relative to the smallest.`,
    ],
  };
}
