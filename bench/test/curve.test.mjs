// Unit tests of the scale-curve pieces: the per-point table with ratios to the official SDK, and the log-log chart.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { advantage, curveTable, makeCurve } from '../lib/curve.mjs';
import { micros } from '../lib/format.mjs';
import { renderCurveSvg, shortNumber } from '../lib/svg-curve.mjs';

const cost = makeCurve({
  id: 'c',
  title: 'call time',
  xLabel: 'tools',
  yLabel: 'µs',
  xs: [10, 100, 1000],
  better: 'lower',
  format: micros,
  series: { mcpkit: [10, 12, Number.NaN], official: [100, 240, 900], raw: [5, 5, 5] },
  budget: 15,
});

test('a cost curve reports official / mcpkit, so > 1 means mcpkit is ahead, and a missing point as —', () => {
  assert.equal(advantage(cost, 0), 10);
  assert.equal(advantage(cost, 1), 20);
  const t = curveTable(cost);
  assert.deepEqual(t.header, ['tools', 'mcpkit', 'official SDK v2', 'raw limit', 'official / mcpkit', 'mcpkit / raw']);
  assert.deepEqual(t.rows[0], ['10', '10 µs', '100 µs', '5 µs', '10.0×', '2.00×']);
  assert.deepEqual(t.rows[2], ['1k', '—', '900 µs', '5 µs', '—', '—']);
});

test('a rate curve reports mcpkit / official', () => {
  const rate = makeCurve({
    id: 'r',
    title: 'req/s',
    xLabel: 'connections',
    yLabel: 'req/s',
    xs: [1, 10],
    better: 'higher',
    format: String,
    series: { mcpkit: [100, 400], official: [50, 100] },
  });
  assert.equal(advantage(rate, 1), 4);
  assert.equal(curveTable(rate).header.at(-1), 'mcpkit / official');
});

test('the chart is a standalone SVG with a line per side, gaps for missing points and the budget line', () => {
  const svg = renderCurveSvg(cost, 'test');
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.equal((svg.match(/<polyline/g) ?? []).length, 3, 'mcpkit (2 points), official, raw');
  assert.equal((svg.match(/<circle/g) ?? []).length, 8, 'one dot per measured point');
  assert.match(svg, /budget/);
  assert.doesNotMatch(svg, /NaN|undefined|Infinity/);
  const empty = renderCurveSvg(makeCurve({ ...cost, format: micros, series: { mcpkit: [Number.NaN, Number.NaN, Number.NaN] } }));
  assert.match(empty, /not measured/);
  assert.doesNotMatch(empty, /NaN|undefined|Infinity/);
});

test('tick labels are short', () => {
  assert.deepEqual([1, 1000, 16e6, 0.5].map(shortNumber), ['1', '1k', '16M', '0.5']);
});
