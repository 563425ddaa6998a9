// Scenario 1 — stdio, one `echo` tool: sequential calls and 64 in flight, each SDK's client against its own
// server, the raw newline-JSON pipe as the limit, and each SDK's server alone behind the raw client.
import { fileURLToPath } from 'node:url';
import { num, micros, times, pm } from '../lib/format.mjs';
import { runNodeJson } from '../lib/proc.mjs';
import { repeatAlternating } from '../lib/repeat.mjs';
import { label, med, resolveSides, sideStatus } from '../lib/scenario-kit.mjs';
import { ratio } from '../lib/stats.mjs';

export const id = 'stdio';
export const title = '1. stdio — one `echo` tool';

const DRIVER = fileURLToPath(new URL('../drivers/stdio-driver.mjs', import.meta.url));

export async function run({ quick, reps: repsOpt, log }) {
  const calls = quick ? 1_000 : 20_000;
  const warmup = quick ? 100 : 1_000;
  const reps = repsOpt ?? (quick ? 1 : 5);
  const inflight = 64;
  const sides = resolveSides(['mcpkit', 'official', 'raw'], ['stdio-client.mjs', 'stdio-server.mjs']);
  const rawClient = sides.raw.files['stdio-client.mjs'];

  // Runners: each SDK as a whole (its client ↔ its server), and each SDK's server behind the raw client.
  const runners = {};
  for (const side of ['mcpkit', 'official', 'raw']) {
    if (sides[side].missing.length) continue;
    runners[side] = { client: sides[side].files['stdio-client.mjs'], server: sides[side].files['stdio-server.mjs'] };
    if (side !== 'raw') runners[`${side}-server`] = { client: rawClient, server: sides[side].files['stdio-server.mjs'] };
  }

  const { results, failures } = await repeatAlternating({
    ids: Object.keys(runners),
    reps,
    log,
    runOne: async (rid) => {
      const r = await runNodeJson(DRIVER, [
        JSON.stringify({ ...runners[rid], command: process.execPath, args: [runners[rid].server], calls, inflight, warmup }),
      ]);
      r.bad = r.seq.errors + r.inflight.errors + r.warmupErrors;
      if (r.bad > 0) {
        // Keep measuring, but a run with wrong answers gives no rate, and the report says why.
        const why = (r.stderrTail ?? '').split('\n').find((l) => /Error|error/.test(l));
        r.note = `${r.firstError}${why ? ` (server stderr: ${why.trim().slice(0, 200)})` : ''}`;
      }
      return r;
    },
  });

  // Rates and latencies come from clean runs only: a run with any wrong or failed answer is counted, not averaged.
  const clean = (rid) => (results[rid] ?? []).filter((r) => r.bad === 0);
  const m = (rid, mode, key) => med(clean(rid), (r) => r[mode][key]);
  const cpu = (rid, mode) => med(clean(rid), (r) => r[mode].clientCpuUsPerCall + r[mode].serverCpuUsPerCall).value;
  const row = (rid, pairing) => {
    const seq = m(rid, 'seq', 'callsPerSec');
    const inf = m(rid, 'inflight', 'callsPerSec');
    const errs = (results[rid] ?? []).reduce((a, r) => a + r.bad, 0);
    const failedRuns = (results[rid] ?? []).length - clean(rid).length;
    return [
      pairing,
      `${num(seq.value)} ${pm(seq.spread)}`,
      micros(m(rid, 'seq', 'p50Us').value),
      micros(m(rid, 'seq', 'p99Us').value),
      `${num(inf.value)} ${pm(inf.spread)}`,
      micros(m(rid, 'inflight', 'p50Us').value),
      micros(m(rid, 'inflight', 'p99Us').value),
      `${num(cpu(rid, 'seq'))} / ${num(cpu(rid, 'inflight'))}`,
      results[rid]?.length ? `${errs}${failedRuns ? ` (${failedRuns} of ${results[rid].length} runs)` : ''}` : '—',
      times(ratio(seq.value, m('raw', 'seq', 'callsPerSec').value)) + ' / ' + times(ratio(inf.value, m('raw', 'inflight', 'callsPerSec').value)),
    ];
  };

  const status = {};
  for (const side of ['mcpkit', 'official', 'raw']) status[side] = sideStatus(sides[side], failures[side]);

  const rows = [];
  for (const [rid, pairing] of [
    ['mcpkit', 'mcpkit client ↔ mcpkit server'],
    ['official', 'official client ↔ official server'],
    ['raw', 'raw client ↔ raw echo child'],
    ['mcpkit-server', 'raw client ↔ mcpkit server'],
    ['official-server', 'raw client ↔ official server'],
  ]) {
    const side = rid.replace('-server', '');
    if (results[rid]?.length) rows.push([label(side), ...row(rid, pairing)]);
    else rows.push([label(side), pairing, `not available${failures[rid] ? `: ${failures[rid].split('\n')[0]}` : ''}`, '', '', '', '', '', '', '', '']);
  }

  const metric = (mode) => ({
    mcpkit: m('mcpkit', mode, 'callsPerSec').value,
    official: m('official', mode, 'callsPerSec').value,
    raw: m('raw', mode, 'callsPerSec').value,
  });
  const notes = [];
  for (const [rid, runs] of Object.entries(results)) {
    const bad = runs.filter((r) => r.note);
    if (bad.length) notes.push(`${rid}: ${bad.length} of ${runs.length} runs had wrong or failed answers and give no rates; first: ${bad[0].note}`);
  }
  return {
    id,
    title,
    description:
      `${num(calls)} \`tools/call\` of \`echo\` one after another, then ${num(calls)} with ${inflight} in flight, ` +
      `after ${num(warmup)} + ${num(warmup)} warm-up calls, on one connection per run; every result is checked ` +
      `(the echoed text must come back for its own request). Each run is a fresh client process spawning a fresh ` +
      `server; ${reps} repetitions per row, alternating; medians (± half the spread between repetitions). ` +
      `Latency is per call, from the client's send to its result (with 64 in flight it includes queueing). ` +
      `CPU µs/call adds the client's and the server's CPU time (from /proc) and divides by the calls: it depends ` +
      `much less than calls/s on whatever else the machine is doing.`,
    tables: [
      {
        header: [
          'side',
          'client ↔ server',
          'sequential calls/s',
          'p50',
          'p99',
          `${inflight} in flight calls/s`,
          'p50',
          'p99',
          'CPU µs/call (seq / 64)',
          'errors',
          'vs raw (seq / 64)',
        ],
        rows,
      },
    ],
    ratios: [
      ['sequential, mcpkit / official', ratio(metric('seq').mcpkit, metric('seq').official)],
      ['64 in flight, mcpkit / official', ratio(metric('inflight').mcpkit, metric('inflight').official)],
    ],
    metrics: {
      'stdio.seq': { title: 'stdio sequential calls/s', better: 'higher', ...metric('seq') },
      'stdio.inflight': { title: 'stdio 64 in flight calls/s', better: 'higher', ...metric('inflight') },
    },
    status,
    eras: eraNotes(sides),
    notes,
  };
}

function eraNotes(sides) {
  return {
    official:
      'client pinned to 2026-07-28 (`versionNegotiation: { mode: { pin } }`, one `server/discover` at connect); server `serveStdio` fixes the modern era from the first message',
    raw: 'hand-built 2026-07-28 requests with full `_meta`; the raw child answers without validating anything',
    mcpkit: sides.mcpkit.missing.length ? 'not available' : '2026-07-28',
  };
}
