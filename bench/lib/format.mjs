// Number formatting for the report: short, fixed, and the same everywhere.

/** 12345.6 → "12,346"; small values keep up to `digits` significant decimals. */
export function num(v, digits = 0) {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  return v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** A ratio as "0.42×"; "—" when missing. */
export function times(v) {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  return `${v >= 10 ? v.toFixed(1) : v.toFixed(2)}×`;
}

/** Microseconds, switching to ms above 10 ms. */
export function micros(us) {
  if (!Number.isFinite(us)) return '—';
  if (us >= 10_000) return `${(us / 1000).toFixed(1)} ms`;
  if (us >= 1000) return `${(us / 1000).toFixed(2)} ms`;
  return `${us.toFixed(0)} µs`;
}

/** Milliseconds with one decimal. */
export function millis(ms) {
  return Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : '—';
}

/** Bytes as MB (10^6) with one decimal. */
export function megabytes(bytes) {
  return Number.isFinite(bytes) ? `${(bytes / 1e6).toFixed(1)} MB` : '—';
}

/** Bytes as KB (10^3) with one decimal — the unit the size budgets are written in. */
export function kilobytes(bytes) {
  return Number.isFinite(bytes) ? `${(bytes / 1e3).toFixed(1)} KB` : '—';
}

/** Spread across repetitions as "±7%" (half the (max-min)/median range). */
export function pm(spreadFraction) {
  return Number.isFinite(spreadFraction) && spreadFraction > 0 ? `±${((spreadFraction / 2) * 100).toFixed(0)}%` : '';
}
