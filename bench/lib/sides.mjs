// The three sides every scenario compares, and where each side's implementation files live.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const IMPL = fileURLToPath(new URL('../impl/', import.meta.url));

/** The sides, in report order. `impl` is the folder holding the side's per-scenario files. */
export const SIDES = [
  { id: 'mcpkit', label: 'mcpkit', impl: `${IMPL}mcpkit/` },
  { id: 'official', label: 'official SDK v2', impl: `${IMPL}official/` },
  { id: 'raw', label: 'raw limit', impl: `${IMPL}raw/` },
  // Only the `otel` scenario runs it: mcpkit with @mcpkit/otel on both sides, the SDK exporting nowhere.
  { id: 'mcpkit-otel', label: 'mcpkit + @mcpkit/otel', impl: `${IMPL}mcpkit-otel/` },
  // Only the `otel` scenario runs it: mcpkit with the least instrumentation the SDK allows (impl/otel-floor/floor.mjs).
  { id: 'otel-floor', label: 'mcpkit + SDK floor', impl: `${IMPL}otel-floor/` },
];

export const sideById = Object.fromEntries(SIDES.map((s) => [s.id, s]));

/** Absolute path of a side's implementation file, or null when the side does not provide it. */
export function implFile(side, name) {
  const path = `${sideById[side].impl}${name}`;
  return existsSync(path) ? path : null;
}

/**
 * True when the file carries the `@bench-unverified` marker: a slot written before the package it uses
 * existed, whose numbers the report flags until someone has checked it against the real API.
 */
export function isUnverified(path) {
  try {
    return readFileSync(path, 'utf8').includes('@bench-unverified');
  } catch {
    return false;
  }
}

/**
 * Rotates the list by `rep` places, so that across repetitions every side runs early and late
 * (a machine that warms up or gets busier mid-run then hurts every side alike).
 */
export function alternationOrder(items, rep) {
  if (items.length === 0) return [];
  const k = rep % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}
