// Scenario 2 — Streamable HTTP, stateless modern server on 127.0.0.1 under load from a separate process.
import { fileURLToPath } from 'node:url';
import { megabytes, micros, num, pm, times } from '../lib/format.mjs';
import { cpuSecondsOf, memoryOf, runNodeJson, startNodeService, stopChild } from '../lib/proc.mjs';
import { repeatAlternating } from '../lib/repeat.mjs';
import { label, med, resolveSides, sideStatus } from '../lib/scenario-kit.mjs';
import { ratio } from '../lib/stats.mjs';
import { echoCall, httpHeadersFor, isEchoResponse, responseFromHttpBody } from '../lib/wire.mjs';

export const id = 'http';
export const title = '2. Streamable HTTP — stateless `tools/call` under load';

const HOST = fileURLToPath(new URL('../drivers/http-server-host.mjs', import.meta.url));
const LOAD = fileURLToPath(new URL('../drivers/http-load.mjs', import.meta.url));
const SIDES = ['mcpkit', 'official', 'raw'];
const TEXT = 'hello over http';

/** Starts a side's server in its own process and checks one request by hand before any load. */
export async function startChecked(file) {
  const service = await startNodeService(HOST, [file]);
  const { port, pid } = service.ready;
  const request = echoCall(7, TEXT);
  try {
    const res = await fetch(`http://127.0.0.1:${port}/mcp`, {
      method: 'POST',
      headers: httpHeadersFor(request),
      body: JSON.stringify(request),
    });
    const body = await res.text();
    if (!res.ok || !isEchoResponse(responseFromHttpBody(body), 7, TEXT)) {
      throw new Error(`smoke request failed: HTTP ${res.status} ${body.slice(0, 300)}`);
    }
    return { ...service, port, pid, contentType: res.headers.get('content-type') };
  } catch (e) {
    await stopChild(service.child);
    throw e;
  }
}

export async function run({ quick, reps: repsOpt, log }) {
  const connections = 50;
  const durationSec = quick ? 2 : 10;
  const warmupSec = quick ? 0.5 : 2;
  const reps = repsOpt ?? (quick ? 1 : 3);
  const sides = resolveSides(SIDES, ['http-server.mjs']);
  const request = echoCall(1, TEXT);
  const contentTypes = {};

  const { results, failures } = await repeatAlternating({
    ids: SIDES.filter((s) => !sides[s].missing.length),
    reps,
    log,
    runOne: async (side) => {
      const server = await startChecked(sides[side].files['http-server.mjs']);
      contentTypes[side] = server.contentType;
      try {
        const idleRss = memoryOf(server.pid).rss;
        const loadArgs = (seconds) =>
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
        // Warm-up in its own generator process, so the measured CPU and counts cover the measured phase only.
        const warm = await runNodeJson(LOAD, [loadArgs(warmupSec)]);
        const cpu0 = cpuSecondsOf(server.pid);
        let peakSampled = 0;
        const sampler = setInterval(() => {
          peakSampled = Math.max(peakSampled, memoryOf(server.pid).rss ?? 0);
        }, 100);
        let load;
        try {
          load = await runNodeJson(LOAD, [loadArgs(durationSec)]);
        } finally {
          clearInterval(sampler);
        }
        const cpuSec = cpuSecondsOf(server.pid) - cpu0;
        const { hwm } = memoryOf(server.pid);
        return {
          ...load,
          idleRss,
          peakRss: hwm ?? peakSampled,
          serverCpuUsPerReq: (cpuSec * 1e6) / Math.max(1, load.requests),
          warmupBad: warm.errors + warm.timeouts + warm.non2xx + warm.mismatches,
          firstMismatch: load.firstMismatch ?? warm.firstMismatch,
          badResponses: load.errors + load.timeouts + load.non2xx + load.mismatches,
        };
      } finally {
        await stopChild(server.child);
      }
    },
  });

  const m = (side, pick) => med(results[side], pick);
  const rps = (side) => m(side, (r) => r.reqPerSec).value;
  const rss = (side) => m(side, (r) => r.peakRss).value;
  const status = {};
  for (const side of SIDES) status[side] = sideStatus(sides[side], failures[side]);

  const rows = SIDES.map((side) => {
    if (!results[side]?.length) return [label(side), status[side], '', '', '', '', '', '', '', '', ''];
    const r = m(side, (x) => x.reqPerSec);
    const bad = results[side].reduce((a, x) => a + x.badResponses, 0);
    const total = results[side].reduce((a, x) => a + x.requests, 0);
    return [
      label(side),
      `${num(r.value)} ${pm(r.spread)}`,
      micros(m(side, (x) => x.p50Ms * 1000).value),
      micros(m(side, (x) => x.p99Ms * 1000).value),
      `${bad} / ${num(total)}`,
      megabytes(m(side, (x) => x.idleRss).value),
      megabytes(rss(side)),
      num(m(side, (x) => x.serverCpuUsPerReq).value),
      `${num(m(side, (x) => x.generatorCpu * 100).value)}%`,
      times(ratio(r.value, rps('raw'))),
      contentTypes[side] ?? '—',
    ];
  });

  const breakdown = Object.entries(results)
    .map(([side, runs]) => {
      const sum = (k) => runs.reduce((a, x) => a + x[k], 0);
      const parts = [
        ['socket errors', 'errors'],
        ['timeouts (10 s)', 'timeouts'],
        ['non-2xx', 'non2xx'],
        ['wrong bodies', 'mismatches'],
      ]
        .map(([name, k]) => [name, sum(k)])
        .filter(([, n]) => n > 0)
        .map(([name, n]) => `${n} ${name}`);
      return [side, parts.join(', ')];
    })
    .filter(([, text]) => text);
  const warmupBad = Object.entries(results)
    .map(([side, runs]) => [side, runs.reduce((a, x) => a + x.warmupBad, 0)])
    .filter(([, n]) => n > 0);
  const firstMismatch = Object.entries(results)
    .map(([side, runs]) => [side, runs.find((x) => x.firstMismatch)?.firstMismatch])
    .filter(([, v]) => v);

  return {
    id,
    title,
    description:
      `Each side's server runs alone in its own process on 127.0.0.1; autocannon runs in another process with ` +
      `${connections} connections for ${durationSec} s (after a ${warmupSec} s warm-up), every request the same valid 2026-07-28 ` +
      '`tools/call` of `echo`: `Content-Type`, `Accept: application/json, text/event-stream`, `MCP-Protocol-Version`, ' +
      '`Mcp-Method`, `Mcp-Name`, and the full `_meta` in the body. Every response body is parsed (JSON or SSE) and must be ' +
      `the result for that id with the echoed text; anything else counts as an error, as do non-2xx statuses, socket errors ` +
      `and timeouts. A fresh server per run; ${reps} runs per side, alternating; medians. Peak RSS is the server's VmHWM ` +
      `after the load. Server CPU µs/request comes from /proc and does not depend on how fast the load generator is; ` +
      `with 2 cores, server and generator get one core each, so the generator's CPU share shows when it, not the ` +
      `server, was the limit. Latency percentiles come from autocannon, in whole milliseconds.`,
    tables: [
      {
        header: [
          'side',
          'req/s',
          'p50',
          'p99',
          'errors / requests',
          'idle RSS',
          'peak RSS',
          'server CPU µs/req',
          'load generator CPU',
          'vs raw',
          'response type',
        ],
        rows,
      },
    ],
    ratios: [
      ['req/s, mcpkit / official', ratio(rps('mcpkit'), rps('official'))],
      ['req/s, mcpkit / raw', ratio(rps('mcpkit'), rps('raw'))],
      ['req/s, official / raw', ratio(rps('official'), rps('raw'))],
      ['peak RSS, mcpkit / raw', ratio(rss('mcpkit'), rss('raw'))],
      ['peak RSS, official / raw', ratio(rss('official'), rss('raw'))],
    ],
    metrics: {
      'http.rps': { title: 'HTTP tools/call req/s', better: 'higher', mcpkit: rps('mcpkit'), official: rps('official'), raw: rps('raw') },
      'http.rss': { title: 'HTTP server peak RSS', better: 'lower', mcpkit: rss('mcpkit'), official: rss('official'), raw: rss('raw') },
    },
    status,
    eras: {
      official:
        '2026-07-28: `createMcpHandler(factory, { legacy: "reject" })` + `toNodeHandler`, behind the localhost Host/Origin guards the @modelcontextprotocol/node README shows; one `McpServer` per request, as that entry does',
      raw: 'no protocol: parses the body, answers a tools/call-shaped result',
      mcpkit: sides.mcpkit.missing.length ? 'not available' : '2026-07-28',
    },
    notes: [
      ...breakdown.map(([side, text]) => `${side}: ${text} over all runs`),
      ...warmupBad.map(([side, n]) => `${side}: ${n} bad responses during warm-up`),
      ...firstMismatch.map(([side, body]) => `${side}: first rejected body: \`${body.replace(/`/g, "'")}\``),
    ],
  };
}
