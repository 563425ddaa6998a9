// Curve — payload size: `tools/call` results of 1 KB, 64 KB, 1 MB and 16 MB over stdio and HTTP. MB/s as a share
// of the raw pipe / raw node:http, and the server's peak RSS growth as a multiple of the payload.
import { fileURLToPath } from 'node:url';
import { makeCurve } from '../lib/curve.mjs';
import { megabytes, num, times } from '../lib/format.mjs';
import { runNodeJson } from '../lib/proc.mjs';
import { repeatAlternating } from '../lib/repeat.mjs';
import { med, resolveSides, sideStatus } from '../lib/scenario-kit.mjs';
import { ratio } from '../lib/stats.mjs';

export const id = 'payload';
export const title = 'Curve: payload size — 1 KB to 16 MB results over stdio and HTTP';

const DRIVER = fileURLToPath(new URL('../drivers/payload-driver.mjs', import.meta.url));
const SIDES = ['mcpkit', 'official', 'raw'];
const TRANSPORTS = ['stdio', 'http'];
const LABEL = { 1e3: '1 KB', 64e3: '64 KB', 1e6: '1 MB', 16e6: '16 MB' };

export async function run({ quick, reps: repsOpt, log }) {
  const points = quick ? [1e3, 64e3, 1e6] : [1e3, 64e3, 1e6, 16e6];
  const reps = repsOpt ?? (quick ? 1 : 2);
  const sides = resolveSides(SIDES, ['payload-stdio-server.mjs', 'payload-http-server.mjs']);
  const ids = [];
  for (const t of TRANSPORTS) for (const side of SIDES) if (!sides[side].missing.length) for (const size of points) ids.push(`${t}|${side}|${size}`);
  const { results, failures } = await repeatAlternating({
    ids,
    reps,
    log,
    runOne: async (rid) => {
      const [transport, side, size] = rid.split('|');
      const cfg = {
        transport,
        server: sides[side].files[`payload-${transport}-server.mjs`],
        size: Number(size),
        targetBytes: quick ? 8e6 : 32e6,
        maxMs: quick ? 500 : 1_500,
      };
      const r = await runNodeJson(DRIVER, [JSON.stringify(cfg)], { timeoutMs: 120_000 });
      if (r.errors) throw new Error(`${r.errors} wrong results; first: ${r.firstError}`);
      return r;
    },
  });
  const at = (t, side, pick) => points.map((s) => (results[`${t}|${side}|${s}`]?.length ? med(results[`${t}|${side}|${s}`], pick).value : Number.NaN));
  const curves = [];
  const metrics = {};
  const xTicks = points.map((s) => LABEL[s]);
  for (const t of TRANSPORTS) {
    const rate = Object.fromEntries(SIDES.map((s) => [s, at(t, s, (r) => r.mbPerSec)]));
    const rss = Object.fromEntries(SIDES.map((s) => [s, at(t, s, (r) => r.rssGrowthPerPayload)]));
    const peak = Object.fromEntries(SIDES.map((s) => [s, at(t, s, (r) => r.peakRss)]));
    curves.push(
      makeCurve({
        id: `payload-${t}-rate`,
        title: `${t}: MB/s of results, sequential calls`,
        xLabel: 'result size',
        yLabel: 'MB/s',
        xs: points,
        xTicks,
        better: 'higher',
        format: (v) => `${v < 10 ? v.toFixed(2) : num(v, 1)} MB/s`,
        series: rate,
        extra: { header: ['peak RSS: mcpkit / official / raw'], rows: points.map((_, i) => [SIDES.map((s) => megabytes(peak[s][i])).join(' / ')]) },
      }),
      makeCurve({
        id: `payload-${t}-rss`,
        title: `${t}: server peak RSS growth over idle`,
        xLabel: 'result size',
        yLabel: 'MB',
        xs: points,
        xTicks,
        better: 'lower',
        format: megabytes,
        series: Object.fromEntries(SIDES.map((s) => [s, rss[s].map((v, i) => v * points[i])])),
        // Below 1 MB the growth is the heap's own slack (JIT, GC headroom), not the payload: the multiple means little there.
        extra: { header: ['× payload: mcpkit / official / raw'], rows: points.map((_, i) => [SIDES.map((s) => times(rss[s][i])).join(' / ')]) },
      }),
    );
    for (const [i, size] of points.entries()) {
      if (size < 1e6) continue;
      metrics[`payload.${t}.${LABEL[size].replace(' ', '')}`] = {
        title: `${t} ${LABEL[size]} MB/s`,
        better: 'higher',
        mcpkit: rate.mcpkit[i],
        official: rate.official[i],
        raw: rate.raw[i],
      };
    }
    const i16 = points.indexOf(16e6);
    if (i16 !== -1)
      metrics[`payload.${t}.rss16MB`] = {
        title: `${t} 16 MB: peak RSS growth / payload`,
        better: 'lower',
        mcpkit: rss.mcpkit[i16],
        official: rss.official[i16],
        raw: rss.raw[i16],
      };
  }
  const status = {};
  for (const side of SIDES) status[side] = sideStatus(sides[side], Object.entries(failures).find(([k]) => k.split('|')[1] === side)?.[1]);
  return {
    id,
    title,
    description:
      'One tool, `blob` (`{size}` → one text block of `size` ASCII bytes, built once per size), called one call after another by the ' +
      'same raw client for every side, so the curve measures the server: over stdio the client process frames the newline-JSON ' +
      'itself; over HTTP it POSTs with `fetch` (keep-alive) to the server in its own process. Every result is parsed and compared ' +
      `with the expected text in full. Per point: ${quick ? '8' : '32'} MB of results (at least 3 calls) or ${quick ? '0.5' : '1.5'} s, after a warm-up; ` +
      `${reps} run(s), alternating, medians. Peak RSS growth: the server's VmHWM at the end minus its RSS after 20 small calls, ` +
      'divided by the payload (it includes the JSON text, its UTF-8 copy and the write buffers). The raw limits stringify the ' +
      'same result with `JSON.stringify` and write it once.',
    tables: [],
    curves,
    ratios: [],
    metrics,
    status,
    eras: {
      mcpkit: '2026-07-28 (`serveStdio`; `createHttpHandler` on `serveHttp`)',
      official: '2026-07-28 (`serveStdio`; `createMcpHandler(…, { legacy: "reject" })` on node:http)',
      raw: 'newline JSON / node:http, no validation',
    },
    notes: [
      ...Object.entries(failures).map(([k, v]) => `${k}: ${v.split('\n')[0]}`),
      `MB/s as a share of raw at 1 MB and 16 MB is the budget (≥ 0.8×): ${TRANSPORTS.map((t) => `${t} ${['1MB', '16MB'].map((s) => times(ratio(metrics[`payload.${t}.${s}`]?.mcpkit, metrics[`payload.${t}.${s}`]?.raw))).join(' / ')}`).join('; ')}.`,
    ],
  };
}
