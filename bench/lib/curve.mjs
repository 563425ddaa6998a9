// Scale curves: one measure at 4–5 sizes of the work, per side. A scenario returns `curves` next to its tables;
// the report prints a table per curve (with the ratio to the official SDK at each point) and links its log-log chart.
import { shortNumber } from './svg-curve.mjs';
import { times } from './format.mjs';
import { ratio } from './stats.mjs';

/**
 * A curve: `{ id, title, xLabel, yLabel, xs, xTicks?, better: 'higher'|'lower', format(v), series: {mcpkit, official?, raw?},
 * budget?, budgetLabel?, extra?: { header: string[], rows: string[][] } }` (extra: more columns per point).
 */
export function makeCurve(c) {
  const series = {};
  for (const side of ['mcpkit', 'official', 'raw']) if (c.series[side]) series[side] = c.series[side].map((v) => (Number.isFinite(v) ? v : Number.NaN));
  return { ...c, series, format: undefined, formatted: formatAll(c, series) };
}

function formatAll(c, series) {
  const out = {};
  for (const [side, values] of Object.entries(series)) out[side] = values.map((v) => (Number.isFinite(v) ? c.format(v) : '—'));
  return out;
}

/**
 * "How much better is mcpkit": the official / mcpkit ratio for costs (lower is better), mcpkit / official for rates,
 * so that > 1 always means mcpkit is ahead.
 */
export function advantage(c, i) {
  const m = c.series.mcpkit?.[i];
  const o = c.series.official?.[i];
  return c.better === 'lower' ? ratio(o, m) : ratio(m, o);
}

/** The markdown table of a curve: one row per point. */
export function curveTable(c) {
  const sides = Object.keys(c.series);
  const header = [c.xLabel, ...sides.map((s) => ({ mcpkit: 'mcpkit', official: 'official SDK v2', raw: 'raw limit' })[s])];
  if (c.series.official) header.push(c.better === 'lower' ? 'official / mcpkit' : 'mcpkit / official');
  if (c.series.raw) header.push('mcpkit / raw');
  header.push(...(c.extra?.header ?? []));
  const rows = c.xs.map((x, i) => {
    const row = [c.xTicks?.[i] ?? shortNumber(x), ...sides.map((s) => (c.formatted ?? formatAll(c, c.series))[s][i])];
    if (c.series.official) row.push(times(advantage(c, i)));
    if (c.series.raw) row.push(times(ratio(c.series.mcpkit?.[i], c.series.raw[i])));
    row.push(...(c.extra?.rows?.[i] ?? []));
    return row;
  });
  return { caption: `${c.title} (${c.better} is better)`, header, rows };
}

/** Every point's value of a side, or NaN where a run failed, from per-point medians. */
export function seriesOf(points, pick) {
  return points.map((p) => {
    const v = p == null ? Number.NaN : pick(p);
    return Number.isFinite(v) ? v : Number.NaN;
  });
}
