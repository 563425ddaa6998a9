// Small, dependency-free statistics for the benchmark harness.

/** The median of a list of numbers (the mean of the two middle values for an even count); NaN when empty. */
export function median(values) {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return Number.NaN;
  const mid = xs.length >> 1;
  return xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
}

/**
 * The p-th percentile (0..100) of an already sorted array, nearest-rank method:
 * the smallest value such that at least p% of the samples are ≤ it.
 */
export function percentileSorted(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  if (p <= 0) return sorted[0];
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, rank) - 1];
}

/** p50/p99/max/mean of raw samples (copied and sorted; the input is left alone). */
export function summarize(samples) {
  const sorted = Float64Array.from(samples).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    count: sorted.length,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
    p50: percentileSorted(sorted, 50),
    p99: percentileSorted(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}

/** a / b, or NaN when either side is missing or b is 0. */
export function ratio(a, b) {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return Number.NaN;
  return a / b;
}

/**
 * Medians across repetitions, field by field: `runs` is a list of flat objects of numbers
 * (one per repetition); the result has the same keys, each the median of that key's values.
 * Non-numeric fields keep the value of the first run.
 */
export function medianOfRuns(runs) {
  const out = {};
  if (runs.length === 0) return out;
  for (const key of Object.keys(runs[0])) {
    const values = runs.map((r) => r[key]);
    out[key] = typeof values[0] === 'number' ? median(values) : values[0];
  }
  return out;
}

/** The spread of a metric across repetitions as (max - min) / median, to show how stable a median is. */
export function spread(values) {
  const xs = values.filter((v) => Number.isFinite(v));
  if (xs.length < 2) return 0;
  const m = median(xs);
  return m === 0 ? 0 : (Math.max(...xs) - Math.min(...xs)) / m;
}
