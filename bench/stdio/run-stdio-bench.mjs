// Round trips per second over a real pipe: @mcpkit/jsonrpc's Connection on @mcpkit/stdio against
// serveStdio, next to a raw newline-JSON client and echo server (the physical limit), sequentially
// and with 64 requests in flight. Each pairing runs in fresh child processes; every result is checked.
//
//   node bench/stdio/run-stdio-bench.mjs [--quick]
//
// `runStdioBench({ quick })` returns the numbers for the main bench harness.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Connection } from '@mcpkit/jsonrpc';
import { StdioClientTransport } from '@mcpkit/stdio';
import { cpuSecondsOf, ownCpuSeconds } from './cpu.mjs';
import { connectRaw } from './raw-client.mjs';

const here = (name) => fileURLToPath(new URL(name, import.meta.url));
const SERVERS = { raw: here('./raw-echo-server.mjs'), mcpkit: here('./mcpkit-echo-server.mjs') };
const INFLIGHT = 64;

/** A client of each kind, with the same `request` / `close` shape. */
const CLIENTS = {
  raw: (server) => connectRaw(process.execPath, [server]),
  mcpkit: async (server) => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [server] });
    const connection = new Connection(transport);
    await connection.start();
    return {
      pid: transport.pid,
      request: (method, params) => connection.request(method, params),
      close: () => connection.close(),
    };
  },
};

/** The four pairings: the limit, each side of mcpkit alone against the raw other side, and mcpkit on both. */
export const PAIRINGS = [
  { id: 'raw', client: 'raw', server: 'raw', label: 'raw client ↔ raw server (limit)' },
  { id: 'mcpkit-client', client: 'mcpkit', server: 'raw', label: 'mcpkit Connection ↔ raw server' },
  { id: 'mcpkit-server', client: 'raw', server: 'mcpkit', label: 'raw client ↔ mcpkit serveStdio' },
  { id: 'mcpkit', client: 'mcpkit', server: 'mcpkit', label: 'mcpkit ↔ mcpkit' },
];

function check(result, i) {
  if (result?.echo?.i !== i) throw new Error(`wrong result for request ${i}: ${JSON.stringify(result)}`);
}

/** Runs `count` requests with `inflight` at a time; returns round trips/s and CPU µs per round trip. */
async function measure(client, count, inflight) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      check(await client.request('echo', { i, text: 'hello' }), i);
    }
  };
  const client0 = ownCpuSeconds();
  const server0 = cpuSecondsOf(client.pid);
  const t0 = performance.now();
  await Promise.all(Array.from({ length: inflight }, worker));
  const seconds = (performance.now() - t0) / 1000;
  return {
    perSecond: count / seconds,
    clientCpuUs: ((ownCpuSeconds() - client0) / count) * 1e6,
    serverCpuUs: ((cpuSecondsOf(client.pid) - server0) / count) * 1e6,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Runs every pairing `reps` times (alternating, fresh processes each time) and returns the median
 * round trips per second, sequential and with 64 in flight, plus each as a fraction of the raw limit.
 */
export async function runStdioBench({ quick = false } = {}) {
  const counts = { sequential: quick ? 2_000 : 20_000, inflight64: quick ? 20_000 : 200_000 };
  const warmup = quick ? 500 : 2_000;
  const reps = quick ? 1 : 3;
  const samples = Object.fromEntries(PAIRINGS.map((p) => [p.id, { sequential: [], inflight64: [] }]));
  for (let rep = 0; rep < reps; rep++) {
    for (const pairing of rep % 2 === 0 ? PAIRINGS : [...PAIRINGS].reverse()) {
      const client = await CLIENTS[pairing.client](SERVERS[pairing.server]);
      await measure(client, warmup, INFLIGHT);
      samples[pairing.id].sequential.push(await measure(client, counts.sequential, 1));
      samples[pairing.id].inflight64.push(await measure(client, counts.inflight64, INFLIGHT));
      await client.close();
    }
  }
  const summarize = (runs) => ({
    perSecond: median(runs.map((r) => r.perSecond)),
    clientCpuUs: median(runs.map((r) => r.clientCpuUs)),
    serverCpuUs: median(runs.map((r) => r.serverCpuUs)),
  });
  const rows = PAIRINGS.map((p) => ({
    id: p.id,
    label: p.label,
    sequential: summarize(samples[p.id].sequential),
    inflight64: summarize(samples[p.id].inflight64),
  }));
  return { quick, reps, counts, node: process.version, rows };
}

/** Formats the result as a table: round trips/s, and CPU µs per round trip in the client and the server. */
export function formatStdioBench({ rows, reps, counts, node }) {
  const rate = (x) => Math.round(x).toLocaleString('en-US').padStart(8);
  const us = (x) => (Number.isNaN(x) ? '   n/a' : x.toFixed(1).padStart(6));
  const cell = (m) => `${rate(m.perSecond)} ${us(m.clientCpuUs)} ${us(m.serverCpuUs)}`;
  return [
    `stdio round trips (node ${node}, median of ${reps}; ${counts.sequential} sequential, ${counts.inflight64} with ${INFLIGHT} in flight)`,
    `${''.padEnd(32)} ${'sequential'.padEnd(22)}   ${INFLIGHT} in flight`,
    `${'pairing'.padEnd(32)} ${'rt/s'.padStart(8)} ${'cli µs'.padStart(6)} ${'srv µs'.padStart(6)}   ${'rt/s'.padStart(8)} ${'cli µs'.padStart(6)} ${'srv µs'.padStart(6)}`,
    ...rows.map((r) => `${r.label.padEnd(32)} ${cell(r.sequential)}   ${cell(r.inflight64)}`),
    'cli/srv µs: CPU time (user + system) per round trip in the client and the server process.',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runStdioBench({ quick: process.argv.includes('--quick') });
  console.log(formatStdioBench(result));
}
