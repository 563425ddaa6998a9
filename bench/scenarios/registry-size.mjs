// Curve — registry size: 10, 100, 1k, 10k tools. `tools/list` through all pages and `tools/call` per request (time and
// heap), and what starting a server with that many tools costs (time to the first answer, heap held).
import { fileURLToPath } from 'node:url';
import { makeCurve } from '../lib/curve.mjs';
import { kilobytes, megabytes, micros, millis, num } from '../lib/format.mjs';
import { runNodeJson } from '../lib/proc.mjs';
import { repeatAlternating } from '../lib/repeat.mjs';
import { med, resolveSides, sideStatus } from '../lib/scenario-kit.mjs';
import { ratio } from '../lib/stats.mjs';

export const id = 'registry';
export const title = 'Curve: registry size — 10 to 10k tools';

const DRIVER = fileURLToPath(new URL('../drivers/registry-driver.mjs', import.meta.url));
const SIDES = ['mcpkit', 'official', 'raw'];
const FLAGS = ['--expose-gc', '--min-semi-space-size=128', '--max-semi-space-size=128'];

export async function run({ quick, reps: repsOpt, log }) {
  const points = quick ? [10, 100, 1000] : [10, 100, 1000, 10_000];
  const reps = repsOpt ?? 1;
  const sides = resolveSides(SIDES, ['registry.mjs']);
  const ids = [];
  for (const side of SIDES) if (!sides[side].missing.length) for (const n of points) ids.push(`${side}|${n}`);
  const { results, failures } = await repeatAlternating({
    ids,
    reps,
    log,
    runOne: async (rid) => {
      const [side, n] = rid.split('|');
      const r = await runNodeJson(
        DRIVER,
        [JSON.stringify({ impl: sides[side].files['registry.mjs'], n: Number(n), ops: quick ? 20 : 200, maxMs: quick ? 400 : 2_000 })],
        { nodeArgs: FLAGS },
      );
      if (r.errors) throw new Error(`${r.errors} wrong answers; first: ${r.firstError}`);
      return r;
    },
  });

  const at = (side, pick) => points.map((n) => (results[`${side}|${n}`]?.length ? med(results[`${side}|${n}`], pick).value : Number.NaN));
  const series = (pick) => Object.fromEntries(SIDES.map((s) => [s, at(s, pick)]));
  const xTicks = points.map((n) => num(n));
  const common = { xLabel: 'tools', xs: points, xTicks };
  const perTool = (r) => r.usPerList / r.n;
  const curves = [
    makeCurve({
      ...common,
      id: 'registry-list',
      title: '`tools/list`, all pages: time per tool listed',
      yLabel: 'µs per tool',
      better: 'lower',
      format: micros2,
      series: series(perTool),
    }),
    makeCurve({
      ...common,
      id: 'registry-call',
      title: '`tools/call`: time per call',
      yLabel: 'µs per call',
      better: 'lower',
      format: micros,
      series: series((r) => r.usPerCall),
    }),
    makeCurve({
      ...common,
      id: 'registry-call-heap',
      title: '`tools/call`: heap allocated per call',
      yLabel: 'bytes',
      better: 'lower',
      format: kilobytes,
      series: series((r) => r.callHeap),
    }),
    makeCurve({
      ...common,
      id: 'registry-start',
      title: 'server start: create + first `tools/list` answered',
      yLabel: 'ms',
      better: 'lower',
      format: millis,
      series: series((r) => r.startMs),
    }),
    makeCurve({
      ...common,
      id: 'registry-heap',
      title: 'server start: heap held by the server',
      yLabel: 'bytes',
      better: 'lower',
      format: megabytes,
      series: series((r) => r.serverHeap),
    }),
  ];
  // Pages: their number, and time and heap per page.
  const pageRows = [];
  for (const side of SIDES) {
    for (const n of points) {
      const runs = results[`${side}|${n}`];
      if (!runs?.length) {
        pageRows.push([side, num(n), `not available${failures[`${side}|${n}`] ? `: ${failures[`${side}|${n}`].split('\n')[0]}` : ''}`, '', '', '', '']);
        continue;
      }
      const m = (pick) => med(runs, pick).value;
      pageRows.push([
        side,
        num(n),
        num(m((r) => r.pagesPerList)),
        micros(m((r) => r.usPerList)),
        micros(m((r) => r.usPerPage)),
        kilobytes(m((r) => r.listHeapPerPage)),
        String(runs.length),
      ]);
    }
  }
  const growth = (side, key) => ratio(curves[key].series[side]?.at(-1), curves[key].series[side]?.[0]);
  const last = points.at(-1);
  const status = {};
  for (const side of SIDES) status[side] = sideStatus(sides[side], Object.entries(failures).find(([k]) => k.startsWith(`${side}|`))?.[1]);
  return {
    id,
    title,
    description:
      `One long-lived server per run with N tools (\`tool_0\` … \`tool_{N-1}\`, \`{a, b}\` integers → their sum), in-process, one ` +
      "request at a time (request string in, response string out, as in scenario 3's dispatcher). `tools/list` follows `nextCursor` " +
      'to the end; every page of the warm-up listings and of every 8th timed listing is checked (all N names, in order; the last ' +
      'page without a cursor), and every listing must end with N tools. `tools/call` calls tools spread over the whole registry ' +
      '(index i·7919 mod N) and checks every sum. Heap/request: growth of the used heap over a GC-free batch (young generation ' +
      `fixed at 128 MB). Start: from nothing to the first \`tools/list\` page answered; heap held: after full GCs. ${reps} run(s) ` +
      'per point, alternating, medians. The official SDK lists every tool in one page (it does not paginate `tools/list`); mcpkit and ' +
      'the raw limit send pages of 100, so their per-page cost is that of 100 tools from 100 tools on.',
    tables: [
      { caption: '`tools/list` pages', header: ['side', 'tools', 'pages', 'time per listing', 'time per page', 'heap per page', 'runs'], rows: pageRows },
    ],
    curves,
    ratios: [],
    metrics: {
      'registry.list.growth': {
        title: `tools/list per tool at ${last} / at ${points[0]} tools`,
        better: 'lower',
        mcpkit: growth('mcpkit', 0),
        official: growth('official', 0),
        raw: growth('raw', 0),
      },
      'registry.call.growth': {
        title: `tools/call at ${last} / at ${points[0]} tools`,
        better: 'lower',
        mcpkit: growth('mcpkit', 1),
        official: growth('official', 1),
        raw: growth('raw', 1),
      },
    },
    status,
    eras: {
      mcpkit: '2026-07-28, `server.dispatch`',
      official: '2026-07-28: `serveStdio` over an `InMemoryTransport`, zod schemas',
      raw: 'Map lookup, pages of 100, no validation',
    },
    notes: [
      `The budgets compare the last point (${num(last)} tools) with the first (${points[0]}): \`tools/list\` per tool listed (a page of ${points[0]} tools and a page of 100 differ in size, so the cost per page is not comparable across them; per tool it is), \`tools/call\` per call.`,
    ],
  };
}

function micros2(us) {
  return us < 10 ? `${us.toFixed(2)} µs` : micros(us);
}
