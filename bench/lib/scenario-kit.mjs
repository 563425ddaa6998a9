// Helpers shared by the scenario modules: side availability, medians of repeated runs, and status lines.
import { implFile, isUnverified, sideById } from './sides.mjs';
import { median, spread } from './stats.mjs';

/**
 * For each side, the files a scenario needs: `{ side: { files: {name: path}, missing: [names], unverified } }`.
 * A side that lacks a file is not run and shows as "not available" in the report.
 */
export function resolveSides(sides, fileNames) {
  const out = {};
  for (const side of sides) {
    const files = {};
    const missing = [];
    for (const name of fileNames) {
      const path = implFile(side, name);
      if (path) files[name] = path;
      else missing.push(name);
    }
    out[side] = { files, missing, unverified: Object.values(files).some(isUnverified) };
  }
  return out;
}

/** The status text of one side in one scenario: "ok", "unverified slot", or "not available: …". */
export function sideStatus(resolved, failure) {
  if (resolved.missing.length) return `not available (no ${resolved.missing.map((m) => `impl/…/${m}`).join(', ')})`;
  if (failure) return `not available: ${failure.split('\n')[0]}`;
  return resolved.unverified ? 'measured — unverified slot' : 'measured';
}

/** Median (and spread) of `pick(result)` across a side's repetitions. */
export function med(runs, pick) {
  const values = (runs ?? []).map(pick).filter((v) => Number.isFinite(v));
  return { value: values.length ? median(values) : Number.NaN, spread: spread(values), n: values.length };
}

/** The label of a side for tables. */
export function label(side) {
  return sideById[side]?.label ?? side;
}
