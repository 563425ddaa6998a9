// Unit tests of the harness's statistics and ordering (no timing involved).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { alternationOrder } from '../lib/sides.mjs';
import { median, medianOfRuns, percentileSorted, ratio, spread, summarize } from '../lib/stats.mjs';

test('median of odd and even counts, ignoring non-finite values', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([5, Number.NaN, 1, Infinity, 3]), 3);
  assert.ok(Number.isNaN(median([])));
});

test('nearest-rank percentiles', () => {
  const xs = Float64Array.from({ length: 100 }, (_, i) => i + 1);
  assert.equal(percentileSorted(xs, 50), 50);
  assert.equal(percentileSorted(xs, 99), 99);
  assert.equal(percentileSorted(xs, 100), 100);
  assert.equal(percentileSorted(xs, 0), 1);
  assert.equal(percentileSorted(Float64Array.of(7), 99), 7);
});

test('summarize leaves its input alone and reports p50, p99, max and mean', () => {
  const samples = [5, 1, 4, 2, 3];
  const s = summarize(samples);
  assert.deepEqual(samples, [5, 1, 4, 2, 3]);
  assert.deepEqual({ ...s }, { count: 5, mean: 3, p50: 3, p99: 5, max: 5 });
});

test('ratio is NaN when a side is missing', () => {
  assert.equal(ratio(1, 4), 0.25);
  assert.ok(Number.isNaN(ratio(Number.NaN, 4)));
  assert.ok(Number.isNaN(ratio(1, 0)));
});

test('medianOfRuns takes the median of each numeric field', () => {
  assert.deepEqual(
    medianOfRuns([
      { a: 1, b: 'x' },
      { a: 9, b: 'y' },
      { a: 3, b: 'z' },
    ]),
    { a: 3, b: 'x' },
  );
});

test('spread is (max - min) / median', () => {
  assert.equal(spread([90, 100, 110]), 0.2);
  assert.equal(spread([5]), 0);
});

test('alternation rotates the order so every side runs first once per cycle', () => {
  const sides = ['a', 'b', 'c'];
  assert.deepEqual(alternationOrder(sides, 0), ['a', 'b', 'c']);
  assert.deepEqual(alternationOrder(sides, 1), ['b', 'c', 'a']);
  assert.deepEqual(alternationOrder(sides, 2), ['c', 'a', 'b']);
  assert.deepEqual(alternationOrder(sides, 3), ['a', 'b', 'c']);
});
