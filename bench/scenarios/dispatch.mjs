// Scenario 3 — a server with 100 tools: in-process cost of `tools/list` and `tools/call`, and heap allocated per request.
import { fileURLToPath } from 'node:url';
import { kilobytes, micros, num, pm, times } from '../lib/format.mjs';
import { runNodeJson } from '../lib/proc.mjs';
import { repeatAlternating } from '../lib/repeat.mjs';
import { label, med, resolveSides, sideStatus } from '../lib/scenario-kit.mjs';
import { ratio } from '../lib/stats.mjs';

export const id = 'dispatch';
export const title = '3. 100 tools — dispatch cost and heap per request';

const DRIVER = fileURLToPath(new URL('../drivers/dispatch-driver.mjs', import.meta.url));
const SIDES = ['mcpkit', 'official', 'raw'];
const MODES = [
  ['direct', 'dispatcher'],
  ['fetch', 'web fetch handler'],
];
const METHODS = ['tools/list', 'tools/call'];
const ALLOC_FLAGS = ['--expose-gc', '--min-semi-space-size=128', '--max-semi-space-size=128'];

export async function run({ quick, reps: repsOpt, log }) {
  const reps = repsOpt ?? (quick ? 1 : 3);
  const ops = quick ? 3_000 : 20_000;
  const maxMs = quick ? 600 : 3_000;
  const warmup = quick ? 300 : 2_000;
  const sides = resolveSides(SIDES, ['dispatch.mjs']);

  const runners = {};
  for (const side of SIDES) {
    if (sides[side].missing.length) continue;
    for (const [mode] of MODES) for (const method of METHODS) runners[`${side}|${mode}|${method}`] = { side, mode, method };
  }
  const cfg = (r, measure) =>
    JSON.stringify({ impl: sides[r.side].files['dispatch.mjs'], mode: r.mode, method: r.method, measure, ops, maxMs, warmup, allocOps: 2_000 });

  const { results, failures } = await repeatAlternating({
    ids: Object.keys(runners),
    reps,
    log,
    runOne: async (rid, rep) => {
      // Quick runs measure both in one process (under the allocation flags) to save process starts.
      if (quick) return runNodeJson(DRIVER, [cfg(runners[rid], 'both')], { nodeArgs: ALLOC_FLAGS });
      const time = await runNodeJson(DRIVER, [cfg(runners[rid], 'time')]);
      // Allocation barely varies between runs; measured once, in the first repetition.
      const alloc = rep === 0 ? await runNodeJson(DRIVER, [cfg(runners[rid], 'alloc')], { nodeArgs: ALLOC_FLAGS }) : {};
      return { ...time, bytesPerOp: alloc.bytesPerOp, allocOps: alloc.allocOps, errors: time.errors + (alloc.errors ?? 0) };
    },
  });

  const us = (rid) => med(results[rid], (r) => r.usPerOp);
  const bytes = (rid) => med(results[rid], (r) => r.bytesPerOp).value;
  const rows = [];
  const metrics = {};
  for (const [mode, modeLabel] of MODES) {
    for (const method of METHODS) {
      for (const side of SIDES) {
        const rid = `${side}|${mode}|${method}`;
        const raw = `raw|${mode}|${method}`;
        if (!results[rid]?.length) {
          const why = sides[side].missing.length ? 'not available (no impl/…/dispatch.mjs)' : `not available: ${(failures[rid] ?? '').split('\n')[0]}`;
          rows.push([modeLabel, `\`${method}\``, label(side), why, '', '', '', '', '']);
          continue;
        }
        const t = us(rid);
        rows.push([
          modeLabel,
          `\`${method}\``,
          label(side),
          `${micros(t.value)} ${pm(t.spread)}`,
          num(1e6 / t.value),
          kilobytes(bytes(rid)),
          String(results[rid].reduce((a, r) => a + r.errors, 0)),
          times(ratio(us(raw).value, t.value)),
          side === 'mcpkit' ? times(ratio(us(`official|${mode}|${method}`).value, t.value)) : '',
        ]);
      }
      const key = `dispatch.${mode}.${method === 'tools/list' ? 'list' : 'call'}`;
      const opsOf = (side) => 1e6 / us(`${side}|${mode}|${method}`).value;
      metrics[key] = {
        title: `${method} via ${modeLabel}, req/s`,
        better: 'higher',
        mcpkit: opsOf('mcpkit'),
        official: opsOf('official'),
        raw: opsOf('raw'),
      };
      metrics[`${key}.heap`] = {
        title: `${method} via ${modeLabel}, heap bytes/request`,
        better: 'lower',
        mcpkit: bytes(`mcpkit|${mode}|${method}`),
        official: bytes(`official|${mode}|${method}`),
        raw: bytes(`raw|${mode}|${method}`),
      };
    }
  }

  const status = {};
  for (const side of SIDES) {
    const fail = Object.entries(failures).find(([rid]) => rid.startsWith(`${side}|`))?.[1];
    status[side] = sideStatus(sides[side], fail);
  }
  return {
    id,
    title,
    description:
      'In-process, one request at a time, each awaited: a request string goes in, a response string comes out. ' +
      '"dispatcher" is one long-lived server instance (what a stdio server runs); "web fetch handler" builds a ' +
      'web-standard `Request` with the modern headers and reads the `Response` text (what an HTTP or Workers deployment ' +
      "runs; building the `Request` and reading the body are part of every side's cost). The server has exactly 100 tools " +
      '(`tool_0` … `tool_99`, each `{a: integer, b: integer}`); `tools/call` calls `tool_57` with 20 and 22. Every warm-up ' +
      'response is checked in full (100 tools in order / the text "42"), every timed response for its id and every 64th in full. ' +
      `Time: up to ${num(ops)} requests or ${maxMs / 1000} s per run after up to ${num(warmup)} warm-up requests, ${reps} run(s) per row, ` +
      'alternating, medians. Heap/request: the growth of the used heap over a batch of requests during which no GC ran ' +
      '(young generation fixed at 128 MB, a GC observer confirms; the batch shrinks until it fits), in a separate process ' +
      `${quick ? '(this quick run timed in that same process, under those flags)' : 'from the timing'}.`,
    tables: [
      {
        header: ['served as', 'request', 'side', 'time/request', 'requests/s', 'heap/request', 'errors', 'vs raw', 'vs official'],
        rows,
      },
    ],
    ratios: [],
    metrics,
    status,
    eras: {
      official:
        '2026-07-28: dispatcher = `serveStdio(factory, { transport: InMemoryTransport })`; fetch handler = `createMcpHandler(factory, { legacy: "reject" })` (a new 100-tool `McpServer` per request, as that entry does); tool schemas in zod',
      raw: 'Map lookup + handler, no validation; `tools/list` returns a prebuilt array',
      mcpkit: sides.mcpkit.missing.length ? 'not available' : '2026-07-28',
    },
    notes: [],
  };
}
