// Curve — listeners: 100 to 10k open `subscriptions/listen` streams on one server (and spread over 3 mcpkit replicas
// sharing Redis): memory per stream, and the time from a tools/list_changed to its arrival at the last stream.
import { fileURLToPath } from 'node:url';
import { makeCurve } from '../lib/curve.mjs';
import { kilobytes, millis, num } from '../lib/format.mjs';
import { runNodeJson } from '../lib/proc.mjs';
import { haveRedis, startRedis } from '../lib/redis-server.mjs';
import { repeatAlternating } from '../lib/repeat.mjs';
import { med, resolveSides, sideStatus } from '../lib/scenario-kit.mjs';

export const id = 'listeners';
export const title = 'Curve: listeners — 100 to 10k open listen streams, and the fan-out of one change';

const DRIVER = fileURLToPath(new URL('../drivers/listen-driver.mjs', import.meta.url));
const SIDES = ['mcpkit', 'official', 'raw'];

export async function run({ quick, reps: repsOpt, log }) {
  const points = quick ? [100, 1000] : [100, 1000, 3000, 10_000];
  const events = quick ? 5 : 10;
  const reps = repsOpt ?? 1;
  const sides = resolveSides(SIDES, ['listen-server.mjs']);
  const redis = haveRedis() ? await startRedis() : null;
  const ids = [];
  for (const side of SIDES) if (!sides[side].missing.length) for (const n of points) ids.push(`${side}|${n}`);
  if (redis && !sides.mcpkit.missing.length) for (const n of points) ids.push(`redis|${n}`);
  let outcome;
  try {
    outcome = await repeatAlternating({
      ids,
      reps,
      log,
      runOne: async (rid) => {
        const [side, n] = rid.split('|');
        const cfg = {
          impl: sides[side === 'redis' ? 'mcpkit' : side].files['listen-server.mjs'],
          n: Number(n),
          events,
          ...(side === 'redis' ? { replicas: 3, redisUrl: redis.url } : {}),
        };
        const r = await runNodeJson(DRIVER, [JSON.stringify(cfg)], { timeoutMs: 600_000 });
        if (r.errors) throw new Error(`${r.errors} errors; first: ${r.firstError}`);
        return r;
      },
    });
  } finally {
    await redis?.stop();
  }
  const { results, failures } = outcome;
  const at = (side, pick) => points.map((n) => (results[`${side}|${n}`]?.length ? med(results[`${side}|${n}`], pick).value : Number.NaN));
  const xTicks = points.map((n) => num(n));
  const common = { xLabel: 'open streams', xs: points, xTicks };
  const series = (pick) => Object.fromEntries(SIDES.map((s) => [s, at(s, pick)]));
  const redisRow = (pick, fmt) => ({ header: ['mcpkit, 3 replicas over Redis'], rows: at('redis', pick).map((v) => [Number.isFinite(v) ? fmt(v) : '—']) });
  const curves = [
    makeCurve({
      ...common,
      id: 'listeners-memory',
      title: 'memory per idle listen stream (JS heap + external)',
      yLabel: 'bytes per stream',
      better: 'lower',
      format: kilobytes,
      series: series((r) => r.bytesPerStream),
      budget: 8_000,
      budgetLabel: 'budget 8 KB',
      extra: redisRow((r) => r.bytesPerStream, kilobytes),
    }),
    makeCurve({
      ...common,
      id: 'listeners-fanout-p50',
      title: '`list_changed` → its arrival at the last stream, p50',
      yLabel: 'ms',
      better: 'lower',
      format: millis,
      series: series((r) => r.lastP50),
      extra: redisRow((r) => r.lastP50, millis),
    }),
    makeCurve({
      ...common,
      id: 'listeners-fanout-p99',
      title: '`list_changed` → its arrival at the last stream, p99',
      yLabel: 'ms',
      better: 'lower',
      format: millis,
      series: series((r) => r.lastP99),
      budget: 100,
      budgetLabel: 'budget 100 ms (10k)',
      extra: redisRow((r) => r.lastP99, millis),
    }),
  ];
  const rssRows = [...SIDES, 'redis'].flatMap((side) =>
    points.map((n) => {
      const runs = results[`${side}|${n}`];
      const name = side === 'redis' ? 'mcpkit, 3 replicas over Redis' : side;
      if (!runs?.length)
        return [
          name,
          num(n),
          `not available${failures[`${side}|${n}`] ? `: ${failures[`${side}|${n}`].split('\n')[0]}` : side === 'redis' && !redis ? ' (no redis-server)' : ''}`,
          '',
          '',
          '',
        ];
      const m = (pick) => med(runs, pick).value;
      return [
        name,
        num(n),
        kilobytes(m((r) => r.rssPerStream)),
        millis(m((r) => r.streamP50)),
        millis(m((r) => r.streamP99)),
        `${m((r) => r.openSec).toFixed(1)} s`,
      ];
    }),
  );
  const lastIdx = points.length - 1;
  const status = {};
  for (const side of SIDES) status[side] = sideStatus(sides[side], Object.entries(failures).find(([k]) => k.startsWith(`${side}|`))?.[1]);
  return {
    id,
    title,
    description:
      'The server runs in its own process; a client process opens N `subscriptions/listen` POSTs (`toolsListChanged`), one TCP ' +
      "connection each, 200 connecting at a time, and waits for every acknowledgment. Memory per stream: the server's JS heap + " +
      'external memory after full GCs, with N streams open minus with 10 open, divided by N − 10 (RSS per stream in the second ' +
      `table). Then ${events} times: the server announces tools/list_changed (mcpkit \`server.toolsChanged()\`, official ` +
      '`handler.notify.toolsChanged()`, raw: one write per stream); every stream must receive it, tagged with its own ' +
      "`subscriptionId`, before the next one; the fan-out time is from the announcement (the server's clock) to the arrival at the " +
      `last stream (the client's clock, same machine). p50/p99 over the ${events} events (with 10 events p99 is the slowest). ` +
      'Redis: the same, with the streams spread round-robin over 3 mcpkit replicas sharing a private `redis-server` ' +
      '(`RedisEventBus`), the change announced on replica 0; memory is the sum over the replicas. The official SDK has no ' +
      'Redis bus. The client shares the 2 cores with the server: at 10k streams its own parsing is part of the time.',
    tables: [
      {
        caption: 'RSS per stream, fan-out to every stream (not only the last), time to open',
        header: ['side', 'streams', 'RSS per stream', 'per-stream p50', 'per-stream p99', 'open all'],
        rows: rssRows,
      },
    ],
    curves,
    ratios: [],
    metrics: {
      'listeners.perStream': {
        title: `memory per listen stream at ${num(points[lastIdx])}`,
        better: 'lower',
        mcpkit: curves[0].series.mcpkit[lastIdx],
        official: curves[0].series.official[lastIdx],
        raw: curves[0].series.raw[lastIdx],
      },
      'listeners.fanoutP99': {
        title: `fan-out p99 at ${num(points[lastIdx])}`,
        better: 'lower',
        mcpkit: curves[2].series.mcpkit[lastIdx],
        official: curves[2].series.official[lastIdx],
        raw: curves[2].series.raw[lastIdx],
      },
    },
    status,
    eras: {
      mcpkit: '2026-07-28, `createHttpHandler` (`limits.maxListenStreams` raised) on `serveHttp` (`maxConnectionsPerClient: Infinity`)',
      official: '2026-07-28, `createMcpHandler(…, { legacy: "reject", maxSubscriptions })` on node:http',
      raw: 'node:http SSE responses in a Set',
    },
    notes: Object.entries(failures).map(([k, v]) => `${k}: ${v.split('\n')[0]}`),
  };
}
