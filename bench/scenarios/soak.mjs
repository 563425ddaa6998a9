// Scenario 7 — soak: RSS growth under a long steady load, per 100k requests after a warm-up, for each transport
// and era; and the heap an idle legacy session costs. Memory must stay flat under every steady load (issue 15).
import { fileURLToPath } from 'node:url';
import { megabytes, num } from '../lib/format.mjs';
import { runNodeJson, startNodeService, stopChild } from '../lib/proc.mjs';
import { repeatAlternating } from '../lib/repeat.mjs';
import { label, med, resolveSides, sideStatus } from '../lib/scenario-kit.mjs';

export const id = 'soak';
export const title = '7. Soak — RSS growth under steady load';

const HOST = fileURLToPath(new URL('../drivers/http-server-host.mjs', import.meta.url));
const HTTP_LOAD = fileURLToPath(new URL('../drivers/soak-http.mjs', import.meta.url));
const STDIO_LOAD = fileURLToPath(new URL('../drivers/soak-stdio.mjs', import.meta.url));
const SESSIONS = fileURLToPath(new URL('../drivers/session-memory.mjs', import.meta.url));
const SIDES = ['mcpkit', 'official'];
const MIB = 1024 * 1024;

/** The measured combinations: a transport, the era the server serves, and the file each side serves it with. */
export const CELLS = [
  { key: 'http.modern', transport: 'HTTP', era: 'modern server, 2026-07-28 requests', file: 'http-server.mjs' },
  { key: 'http.dual', transport: 'HTTP', era: 'dual-era server, 2026-07-28 requests', file: 'http-server-dual.mjs' },
  { key: 'http.legacy', transport: 'HTTP', era: 'dual-era server, one 2025-11-25 session', file: 'http-server-dual.mjs', legacy: true, sides: ['mcpkit'] },
  { key: 'stdio.modern', transport: 'stdio', era: 'modern server, 2026-07-28 requests', file: 'stdio-server.mjs' },
  { key: 'stdio.dual', transport: 'stdio', era: 'dual-era server, 2026-07-28 requests', file: 'stdio-server-dual.mjs' },
];

/** Least-squares slope of RSS over requests, for the samples at or after `from` requests, in MiB per 100k. */
export function growthPer100k(samples, from) {
  const points = samples.filter((s) => s.done >= from && Number.isFinite(s.rss));
  if (points.length < 2) return Number.NaN;
  const n = points.length;
  const mx = points.reduce((a, p) => a + p.done, 0) / n;
  const my = points.reduce((a, p) => a + p.rss, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.done - mx) * (p.rss - my);
    sxx += (p.done - mx) ** 2;
  }
  return sxx === 0 ? Number.NaN : ((sxy / sxx) * 100_000) / MIB;
}

async function soakHttp(file, { total, step, legacy }) {
  const server = await startNodeService(HOST, [file]);
  try {
    const { port, pid } = server.ready;
    const cfg = { url: `http://127.0.0.1:${port}/mcp`, pid, total, step, connections: 10, text: 'soak over http', legacy: !!legacy };
    return await runNodeJson(HTTP_LOAD, [JSON.stringify(cfg)], { timeoutMs: 3_600_000 });
  } finally {
    await stopChild(server.child);
  }
}

function soakStdio(file, { total, step }) {
  const cfg = { command: process.execPath, args: [file], total, step, inflight: 64 };
  return runNodeJson(STDIO_LOAD, [JSON.stringify(cfg)], { timeoutMs: 3_600_000 });
}

export async function run({ quick, reps: repsOpt, log }) {
  const total = quick ? 200_000 : 1_000_000;
  const warm = quick ? 50_000 : 100_000;
  const step = quick ? 10_000 : 25_000;
  const reps = repsOpt ?? 1;
  const rows = [];
  const metrics = {};
  const status = { raw: 'not part of this scenario' };
  const notes = [];

  for (const cell of CELLS) {
    const sides = resolveSides(cell.sides ?? SIDES, [cell.file]);
    log(`  ${cell.transport}, ${cell.era}`);
    const { results, failures } = await repeatAlternating({
      ids: (cell.sides ?? SIDES).filter((s) => !sides[s].missing.length),
      reps,
      log,
      runOne: async (side) => {
        const file = sides[side].files[cell.file];
        const r = cell.transport === 'HTTP' ? await soakHttp(file, { total, step, legacy: cell.legacy }) : await soakStdio(file, { total, step });
        const bad = (r.errors ?? 0) + (r.timeouts ?? 0) + (r.non2xx ?? 0) + r.mismatches;
        if (r.requests < total) throw new Error(`only ${r.requests} of ${total} requests were answered`);
        const after = r.samples.find((s) => s.done >= warm);
        const last = r.samples.at(-1);
        return {
          ...r,
          bad,
          growth: growthPer100k(r.samples, warm),
          rssAfterWarmup: after?.rss,
          rssEnd: last?.rss,
          rssPeak: Math.max(...r.samples.map((s) => s.rss ?? 0)),
        };
      },
    });
    for (const side of cell.sides ?? SIDES) {
      status[side] = status[side] === undefined || status[side] === 'measured' ? sideStatus(sides[side], failures[side]) : status[side];
      const runs = results[side];
      if (!runs?.length) {
        rows.push([cell.transport, cell.era, label(side), sideStatus(sides[side], failures[side]), '', '', '', '', '', '']);
        continue;
      }
      const m = (pick) => med(runs, pick).value;
      rows.push([
        cell.transport,
        cell.era,
        label(side),
        `${m((x) => x.growth).toFixed(2)} MiB`,
        megabytes(m((x) => x.rssAfterWarmup)),
        megabytes(m((x) => x.rssEnd)),
        megabytes(m((x) => x.rssPeak)),
        num(m((x) => x.reqPerSec)),
        `${runs.reduce((a, x) => a + x.bad, 0)} / ${num(runs.reduce((a, x) => a + x.requests, 0))}`,
        runs.find((x) => x.firstMismatch)?.firstMismatch ? 'see notes' : '',
      ]);
      const mismatch = runs.find((x) => x.firstMismatch)?.firstMismatch;
      if (mismatch) notes.push(`${label(side)}, ${cell.transport} ${cell.era}: first rejected body: \`${mismatch.replace(/`/g, "'")}\``);
    }
    const growth = (side) => med(results[side], (x) => x.growth).value;
    metrics[`soak.${cell.key}`] = {
      title: `RSS growth per 100k, ${cell.transport} ${cell.era}`,
      better: 'lower',
      mcpkit: growth('mcpkit'),
      official: growth('official'),
      raw: Number.NaN,
    };
  }

  // The heap of an idle legacy session (mcpkit only: the official SDK serves 2025-11-25 over HTTP statelessly).
  let perSession = Number.NaN;
  try {
    const counts = quick ? { first: 1000, more: 3000 } : { first: 2000, more: 8000 };
    const r = await runNodeJson(SESSIONS, [JSON.stringify(counts)], { nodeArgs: ['--expose-gc'] });
    perSession = r.bytesPerSession;
    log(`  idle legacy session: ${perSession.toFixed(0)} bytes of heap`);
  } catch (e) {
    notes.push(`idle-session measurement failed: ${String(e?.message ?? e).split('\n')[0]}`);
  }

  return {
    id,
    title,
    description:
      `Each side's server runs alone in its own process and gets ${num(total)} echo \`tools/call\`s, one after another on ` +
      `10 HTTP connections (autocannon in another process, in chunks of ${num(step)}) or 64 in flight on stdio (a raw newline-JSON ` +
      `client). The server's RSS is read from /proc after every ${num(step)} requests; the growth is the least-squares slope of ` +
      `those samples after a ${num(warm)}-request warm-up, in MiB per 100k requests (goal: ≤ 2). Every response is checked. ` +
      `"dual-era" is mcpkit's \`dualEra(server)\` (its HTTP handler, or on stdio its dispatcher) and the official SDK's default ` +
      `legacy handling (stateless fallback on HTTP; \`serveStdio\`, whose first message fixes the era, on stdio); the ` +
      `2025-11-25 row opens one session (\`initialize\`, \`notifications/initialized\`) and sends every call in it. ` +
      `${reps} run(s) per side, alternating; medians.`,
    tables: [
      {
        header: [
          'transport',
          'server and traffic',
          'side',
          'RSS growth / 100k',
          'RSS after warm-up',
          'RSS at the end',
          'peak RSS',
          'req/s',
          'errors / requests',
          '',
        ],
        rows,
      },
      {
        caption: 'Heap per idle legacy HTTP session (mcpkit dual-era server)',
        header: ['measure', 'mcpkit'],
        rows: [
          [
            'heap after full GCs, per session (initialize + notifications/initialized, then idle)',
            Number.isFinite(perSession) ? `${num(perSession)} bytes` : '—',
          ],
        ],
      },
    ],
    metrics,
    status,
    eras: { mcpkit: '2026-07-28 requests (one row: a 2025-11-25 session)', official: '2026-07-28 requests' },
    notes,
  };
}
