// A hand-written log-log line chart of one scale curve: x = the size of the work (tools, bytes, streams, ...),
// y = the measured cost or rate, one line per side, the budget as a dashed line. No chart library.

const W = 640;
const H = 300;
const PAD = { left: 78, right: 150, top: 46, bottom: 46 };
const COLORS = { mcpkit: '#2563eb', official: '#9ca3af', raw: '#111827', budget: '#dc2626', grid: '#e5e7eb', muted: '#6b7280' };
const DASH = { mcpkit: '', official: '', raw: '4,3' };

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const ok = (v) => typeof v === 'number' && Number.isFinite(v) && v > 0;
const r1 = (v) => Math.round(v * 10) / 10;

/** Decades (1, 2, 5 × 10^k) between lo and hi, for log axis ticks; only the powers of ten when there are many. */
function logTicks(lo, hi) {
  const ticks = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) {
    for (const m of [1, 2, 5]) {
      const t = m * 10 ** e;
      if (t >= lo * 0.999 && t <= hi * 1.001) ticks.push(t);
    }
  }
  return ticks.length > 9 ? ticks.filter((t) => Number.isInteger(Math.log10(t)) || ticks.length < 3) : ticks;
}

/** A short number for tick labels: 1k, 10k, 1M, 0.5. */
export function shortNumber(v) {
  const a = Math.abs(v);
  if (a >= 1e9) return `${+(v / 1e9).toPrecision(3)}G`;
  if (a >= 1e6) return `${+(v / 1e6).toPrecision(3)}M`;
  if (a >= 1e3) return `${+(v / 1e3).toPrecision(3)}k`;
  return `${+v.toPrecision(3)}`;
}

/**
 * One curve as an SVG document. `curve`: `{ title, xLabel, yLabel, xs: number[], xTicks?: string[],
 * series: { mcpkit?: number[], official?: number[], raw?: number[] }, budget?: number, budgetLabel? }`.
 * Missing values (NaN, null) leave a gap; a side with no value at all is listed as "not measured".
 */
export function renderCurveSvg(curve, subtitle = '') {
  const sides = ['mcpkit', 'official', 'raw'].filter((s) => curve.series[s]);
  const ys = sides.flatMap((s) => curve.series[s]).filter(ok);
  if (ok(curve.budget)) ys.push(curve.budget);
  const xs = curve.xs;
  let y0 = ys.length ? Math.min(...ys) : 1;
  let y1 = ys.length ? Math.max(...ys) : 10;
  if (y1 / y0 < 10) {
    const mid = Math.sqrt(y0 * y1);
    y0 = mid / Math.sqrt(10);
    y1 = mid * Math.sqrt(10);
  }
  y0 /= 1.15;
  y1 *= 1.15;
  const pw = W - PAD.left - PAD.right;
  const ph = H - PAD.top - PAD.bottom;
  const lx0 = Math.log10(Math.min(...xs));
  const lx1 = Math.log10(Math.max(...xs));
  const px = (x) => PAD.left + (lx1 === lx0 ? pw / 2 : ((Math.log10(x) - lx0) / (lx1 - lx0)) * pw);
  const py = (y) => PAD.top + ph - ((Math.log10(y) - Math.log10(y0)) / (Math.log10(y1) - Math.log10(y0))) * ph;
  const parts = [];
  const text = (x, y, s, attrs = '') => parts.push(`<text x="${r1(x)}" y="${r1(y)}" ${attrs}>${esc(s)}</text>`);

  text(12, 20, curve.title.replace(/`/g, ''), 'font-size="14" font-weight="600" fill="#111827"'); // markdown code ticks are for the report
  if (subtitle) text(12, 36, subtitle, `font-size="11" fill="${COLORS.muted}"`);
  for (const t of logTicks(y0, y1)) {
    parts.push(`<line x1="${PAD.left}" y1="${r1(py(t))}" x2="${PAD.left + pw}" y2="${r1(py(t))}" stroke="${COLORS.grid}"/>`);
    text(PAD.left - 6, py(t) + 4, shortNumber(t), `font-size="10" text-anchor="end" fill="${COLORS.muted}"`);
  }
  xs.forEach((x, i) => {
    parts.push(`<line x1="${r1(px(x))}" y1="${PAD.top}" x2="${r1(px(x))}" y2="${PAD.top + ph}" stroke="${COLORS.grid}"/>`);
    text(px(x), PAD.top + ph + 14, curve.xTicks?.[i] ?? shortNumber(x), `font-size="10" text-anchor="middle" fill="${COLORS.muted}"`);
  });
  parts.push(`<rect x="${PAD.left}" y="${PAD.top}" width="${pw}" height="${ph}" fill="none" stroke="${COLORS.muted}"/>`);
  text(PAD.left + pw / 2, H - 8, `${curve.xLabel} (log)`, `font-size="11" text-anchor="middle" fill="#111827"`);
  text(14, PAD.top + ph / 2, `${curve.yLabel} (log)`, `font-size="11" text-anchor="middle" fill="#111827" transform="rotate(-90 14 ${r1(PAD.top + ph / 2)})"`);
  if (ok(curve.budget)) {
    const by = r1(py(curve.budget));
    parts.push(`<line x1="${PAD.left}" y1="${by}" x2="${PAD.left + pw}" y2="${by}" stroke="${COLORS.budget}" stroke-width="1.5" stroke-dasharray="5,3"/>`);
  }

  let ly = PAD.top + 8;
  for (const side of sides) {
    const values = curve.series[side];
    const pts = xs.map((x, i) => [x, values[i]]).filter(([, v]) => ok(v));
    // A line through consecutive measured points; gaps where a point is missing.
    let run = [];
    const flush = () => {
      if (run.length > 1)
        parts.push(
          `<polyline fill="none" stroke="${COLORS[side]}" stroke-width="2" stroke-dasharray="${DASH[side]}" points="${run.map(([x, v]) => `${r1(px(x))},${r1(py(v))}`).join(' ')}"/>`,
        );
      run = [];
    };
    xs.forEach((x, i) => (ok(values[i]) ? run.push([x, values[i]]) : flush()));
    flush();
    for (const [x, v] of pts)
      parts.push(
        `<circle cx="${r1(px(x))}" cy="${r1(py(v))}" r="3" fill="${COLORS[side]}"><title>${esc(`${side} at ${shortNumber(x)}: ${shortNumber(v)}`)}</title></circle>`,
      );
    const name = { mcpkit: 'mcpkit', official: 'official SDK v2', raw: 'raw limit' }[side];
    parts.push(
      `<line x1="${W - PAD.right + 12}" y1="${ly}" x2="${W - PAD.right + 30}" y2="${ly}" stroke="${COLORS[side]}" stroke-width="2" stroke-dasharray="${DASH[side]}"/>`,
    );
    text(W - PAD.right + 34, ly + 4, pts.length ? name : `${name}: not measured`, `font-size="11" fill="#111827"`);
    ly += 16;
  }
  if (ok(curve.budget)) {
    parts.push(
      `<line x1="${W - PAD.right + 12}" y1="${ly}" x2="${W - PAD.right + 30}" y2="${ly}" stroke="${COLORS.budget}" stroke-width="1.5" stroke-dasharray="5,3"/>`,
    );
    text(W - PAD.right + 34, ly + 4, curve.budgetLabel ?? 'budget', `font-size="11" fill="#111827"`);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif">\n` +
    `<rect width="${W}" height="${H}" fill="#ffffff"/>\n${parts.join('\n')}\n</svg>\n`
  );
}
