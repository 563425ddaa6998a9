// A hand-written SVG bar chart of where mcpkit and the official SDK stand against the raw limits and the budgets.
// No chart library: rows of bars, one panel per kind of measure.

const W = 960;
const LABEL_W = 300;
const PLOT_W = 520;
const ROW_H = 34;
const BAR_H = 12;
const COLORS = { mcpkit: '#2563eb', official: '#9ca3af', budget: '#dc2626', grid: '#e5e7eb', text: '#111827', muted: '#6b7280' };

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Renders panels of rows. A panel: `{ title, scale: 'linear' | 'log', unit, rows: [{ label, mcpkit, official, budget?, better }] }`.
 * Values are numbers (NaN = not measured). Linear panels start at 0; log panels span the values and the budgets.
 */
export function renderChart({ title, subtitle, panels }) {
  let y = 0;
  const parts = [];
  const r1 = (v) => Math.round(v * 10) / 10;
  const text = (x, yy, s, attrs = '') => parts.push(`<text x="${r1(x)}" y="${r1(yy)}" ${attrs}>${esc(s)}</text>`);

  y += 28;
  text(16, y, title, `font-size="18" font-weight="600" fill="${COLORS.text}"`);
  if (subtitle) {
    y += 20;
    text(16, y, subtitle, `font-size="12" fill="${COLORS.muted}"`);
  }
  y += 14;
  // Legend.
  const legend = [
    ['mcpkit', COLORS.mcpkit, 'rect'],
    ['official SDK v2', COLORS.official, 'rect'],
    ['budget', COLORS.budget, 'line'],
  ];
  let lx = 16;
  for (const [name, color, kind] of legend) {
    if (kind === 'rect') parts.push(`<rect x="${lx}" y="${y}" width="14" height="10" fill="${color}"/>`);
    else parts.push(`<line x1="${lx + 7}" y1="${y - 2}" x2="${lx + 7}" y2="${y + 12}" stroke="${color}" stroke-width="2" stroke-dasharray="3,2"/>`);
    text(lx + 20, y + 9, name, `font-size="12" fill="${COLORS.text}"`);
    lx += 30 + name.length * 7;
  }
  y += 16;

  for (const panel of panels) {
    y += 26;
    text(16, y, panel.title, `font-size="14" font-weight="600" fill="${COLORS.text}"`);
    y += 8;
    const values = panel.rows.flatMap((r) => [r.mcpkit, r.official, r.budget]).filter((v) => Number.isFinite(v) && v > 0);
    const scale = makeScale(panel, values);
    const top = y;
    const height = panel.rows.length * ROW_H;
    // Grid and ticks.
    for (const t of scale.ticks) {
      const x = r1(LABEL_W + scale.x(t));
      parts.push(`<line x1="${x}" y1="${top}" x2="${x}" y2="${top + height}" stroke="${COLORS.grid}"/>`);
      text(x, top + height + 12, scale.format(t), `font-size="10" text-anchor="middle" fill="${COLORS.muted}"`);
    }
    if (panel.reference !== undefined) {
      const x = r1(LABEL_W + scale.x(panel.reference));
      parts.push(`<line x1="${x}" y1="${top}" x2="${x}" y2="${top + height}" stroke="${COLORS.text}" stroke-width="1"/>`);
    }
    panel.rows.forEach((row, i) => {
      const ry = top + i * ROW_H;
      text(LABEL_W - 10, ry + ROW_H / 2 + 4, row.label, `font-size="12" text-anchor="end" fill="${COLORS.text}"`);
      [
        ['mcpkit', 4],
        ['official', 4 + BAR_H + 2],
      ].forEach(([side, dy]) => {
        const v = row[side];
        const by = ry + dy;
        if (!Number.isFinite(v)) {
          text(
            LABEL_W + 4,
            by + BAR_H - 2,
            side === 'mcpkit' ? 'mcpkit: not available' : 'not measured',
            `font-size="10" fill="${COLORS.muted}" font-style="italic"`,
          );
          return;
        }
        const w = Math.max(1, scale.x(v));
        parts.push(
          `<rect x="${LABEL_W}" y="${by}" width="${w.toFixed(1)}" height="${BAR_H}" fill="${COLORS[side]}"><title>${esc(`${row.label}, ${side}: ${panel.format(v)}`)}</title></rect>`,
        );
        text(LABEL_W + w + 4, by + BAR_H - 2, panel.format(v), `font-size="10" fill="${COLORS.text}"`);
      });
      if (Number.isFinite(row.budget)) {
        const x = r1(LABEL_W + scale.x(row.budget));
        parts.push(
          `<line x1="${x}" y1="${ry + 1}" x2="${x}" y2="${ry + ROW_H - 3}" stroke="${COLORS.budget}" stroke-width="2" stroke-dasharray="3,2"><title>${esc(`budget ${panel.format(row.budget)}`)}</title></line>`,
        );
      }
    });
    y = top + height + 18;
  }
  y += 10;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${y}" viewBox="0 0 ${W} ${y}" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif">\n` +
    `<rect width="${W}" height="${y}" fill="#ffffff"/>\n` +
    parts.join('\n') +
    '\n</svg>\n'
  );
}

/** A linear (from 0) or log10 scale over the panel's values, mapping to 0..PLOT_W, with readable ticks. */
export function makeScale(panel, values) {
  if (panel.scale === 'log') {
    const lo = Math.min(0.5, ...values);
    const hi = Math.max(2, ...values) * 1.15;
    const l0 = Math.log10(lo);
    const l1 = Math.log10(hi);
    const ticks = [];
    for (let e = Math.floor(l0); e <= Math.ceil(l1); e++) {
      for (const m of [1, 2, 5]) {
        const t = m * 10 ** e;
        if (t >= lo && t <= hi) ticks.push(t);
      }
    }
    return { x: (v) => ((Math.log10(Math.max(v, lo)) - l0) / (l1 - l0)) * PLOT_W, ticks, format: (t) => `${+t.toPrecision(2)}×` };
  }
  const hi = niceCeil(Math.max(panel.minMax ?? 0, ...values) * 1.1);
  const step = niceStep(hi / 5);
  const ticks = [];
  for (let t = 0; t <= hi + 1e-9; t += step) ticks.push(+t.toPrecision(6));
  return { x: (v) => (Math.max(0, v) / hi) * PLOT_W, ticks, format: panel.tickFormat ?? ((t) => String(t)) };
}

function niceStep(raw) {
  const e = 10 ** Math.floor(Math.log10(raw));
  const f = raw / e;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * e;
}

function niceCeil(v) {
  if (!(v > 0)) return 1;
  const step = niceStep(v / 5);
  return Math.ceil(v / step) * step;
}
