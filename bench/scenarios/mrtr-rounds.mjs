// Curve — MRTR rounds: a `tools/call` that needs 1, 2, 5 (and 10) input rounds before its result: latency per round
// and the size of the requestState each round carries.
import { fileURLToPath } from 'node:url';
import { makeCurve } from '../lib/curve.mjs';
import { micros, num } from '../lib/format.mjs';
import { runNodeJson } from '../lib/proc.mjs';
import { repeatAlternating } from '../lib/repeat.mjs';
import { med, resolveSides, sideStatus } from '../lib/scenario-kit.mjs';

export const id = 'mrtr';
export const title = 'Curve: MRTR rounds — 1 to 10 input rounds per call';

const DRIVER = fileURLToPath(new URL('../drivers/mrtr-driver.mjs', import.meta.url));
const SIDES = ['mcpkit', 'official'];

export async function run({ quick, reps: repsOpt, log }) {
  const points = quick ? [1, 2, 5] : [1, 2, 5, 10];
  const reps = repsOpt ?? (quick ? 1 : 2);
  const sides = resolveSides(SIDES, ['mrtr.mjs']);
  const ids = [];
  for (const side of SIDES) if (!sides[side].missing.length) for (const r of points) ids.push(`${side}|${r}`);
  const { results, failures } = await repeatAlternating({
    ids,
    reps,
    log,
    runOne: async (rid) => {
      const [side, rounds] = rid.split('|');
      const r = await runNodeJson(DRIVER, [
        JSON.stringify({ impl: sides[side].files['mrtr.mjs'], rounds: Number(rounds), calls: quick ? 200 : 2_000, maxMs: quick ? 400 : 1_000 }),
      ]);
      if (r.errors) throw new Error(`${r.errors} errors; first: ${r.firstError}`);
      return r;
    },
  });
  const at = (side, pick) => points.map((n) => (results[`${side}|${n}`]?.length ? med(results[`${side}|${n}`], pick).value : Number.NaN));
  const series = (pick) => Object.fromEntries(SIDES.map((s) => [s, at(s, pick)]));
  const common = { xLabel: 'input rounds', xs: points, xTicks: points.map((n) => num(n)) };
  const stateAt = (side, i) => results[`${side}|${points[i]}`]?.[0]?.stateSizes ?? [];
  const curves = [
    makeCurve({
      ...common,
      id: 'mrtr-call',
      title: 'whole call (R rounds + the final request)',
      yLabel: 'µs per call',
      better: 'lower',
      format: micros,
      series: series((r) => r.usPerCall),
    }),
    makeCurve({
      ...common,
      id: 'mrtr-round',
      title: 'time per round (call time / R)',
      yLabel: 'µs per round',
      better: 'lower',
      format: micros,
      series: series((r) => r.usPerCall / r.rounds),
      extra: {
        header: ['per HTTP request: mcpkit / official'],
        rows: points.map((_, i) => [SIDES.map((s) => micros(at(s, (r) => r.usPerRequest)[i])).join(' / ')]),
      },
    }),
    makeCurve({
      ...common,
      id: 'mrtr-state',
      title: 'requestState size at the last round',
      yLabel: 'bytes',
      better: 'lower',
      format: (v) => `${num(v)} B`,
      series: series((r) => r.stateSizes.at(-1)),
      extra: { header: ['size at each round: mcpkit | official'], rows: points.map((_, i) => [SIDES.map((s) => stateAt(s, i).join(', ')).join(' | ')]) },
    }),
  ];
  const status = {};
  for (const side of SIDES) status[side] = sideStatus(sides[side], Object.entries(failures).find(([k]) => k.startsWith(`${side}|`))?.[1]);
  status.raw = 'no raw limit';
  return {
    id,
    title,
    description:
      "In-process through each side's web fetch handler (a `Request` built with the modern headers, the `Response` read), one " +
      'call at a time. `wizard` asks R questions, one form elicitation per round, and keeps the answers so far in its ' +
      'requestState; the client answers each and retries with `inputResponses` + `requestState`; the final text must list every ' +
      'answer in order, and every round must ask exactly the next question. mcpkit seals the state with AES-256-GCM (its ' +
      'default, a fixed key ring, single use on); the official side protects it with its own HMAC-SHA256 ' +
      '`createRequestStateCodec` (verified before the handler runs; no single-use guard), since its SDK applies no protection by ' +
      `default. ${reps} run(s) per point, alternating, medians.`,
    tables: [],
    curves,
    ratios: [],
    metrics: {},
    status,
    eras: { mcpkit: '2026-07-28, `createHttpHandler`', official: '2026-07-28, `createMcpHandler(…, { legacy: "reject" })`' },
    notes: Object.entries(failures).map(([k, v]) => `${k}: ${v.split('\n')[0]}`),
  };
}
