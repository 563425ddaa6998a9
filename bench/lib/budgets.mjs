// The performance budgets of the issue, checked against the medians of a run. Goals, not tests: the report prints ✓/✗.
import { ratio } from './stats.mjs';

/**
 * Each budget reads one metric (`{ mcpkit, official, raw }` medians) and compares a side's value:
 * `vs: 'raw' | 'official'` compares the ratio side / vs with `limit`; `vs: null` compares the value itself.
 */
export const BUDGETS = [
  { id: 'http-raw', text: 'HTTP `tools/call` req/s ≥ 0.5× raw', metric: 'http.rps', vs: 'raw', op: '>=', limit: 0.5 },
  { id: 'http-official', text: 'HTTP `tools/call` req/s ≥ 8× official', metric: 'http.rps', vs: 'official', op: '>=', limit: 8 },
  { id: 'stdio-inflight', text: 'stdio, 64 in flight, calls/s ≥ 0.5× raw', metric: 'stdio.inflight', vs: 'raw', op: '>=', limit: 0.5 },
  { id: 'stdio-seq', text: 'stdio, sequential, own client, calls/s ≥ 0.9× raw', metric: 'stdio.seq', vs: 'raw', op: '>=', limit: 0.9 },
  { id: 'coldstart', text: 'cold start ≤ 1.2× a bare node process answering one line', metric: 'coldstart', vs: 'raw', op: '<=', limit: 1.2 },
  { id: 'size-server', text: 'minimal Workers server ≤ 25 KB gzipped', metric: 'size.server', vs: null, op: '<=', limit: 25_000, unit: 'bytes' },
  { id: 'size-client', text: 'minimal client ≤ 20 KB gzipped', metric: 'size.client', vs: null, op: '<=', limit: 20_000, unit: 'bytes' },
  // Issue 29: 60 % of the client bundle measured before it (38.9 KB).
  {
    id: 'size-client-unvalidated',
    text: 'minimal client with `validateResults: false` ≤ 23.3 KB gzipped (60 % of the 38.9 KB before issue 29)',
    metric: 'size.client-unvalidated',
    vs: null,
    op: '<=',
    limit: 23_340,
    unit: 'bytes',
  },
  // The same two budgets for the client that leaves the checks out of the bundle (`@mcpkit/client/lean`):
  // ModernClient keeps checking results by default, so a bundle of it holds the validators.
  {
    id: 'size-client-lean',
    text: 'minimal `LeanClient`, `resultValidators: false`, ≤ 20 KB gzipped',
    metric: 'size.client-lean',
    vs: null,
    op: '<=',
    limit: 20_000,
    unit: 'bytes',
  },
  {
    id: 'size-client-lean-60',
    text: 'minimal `LeanClient`, `resultValidators: false`, ≤ 23.3 KB gzipped (60 % of the 38.9 KB before issue 29)',
    metric: 'size.client-lean',
    vs: null,
    op: '<=',
    limit: 23_340,
    unit: 'bytes',
  },
  { id: 'http-rss', text: 'server peak RSS under HTTP load ≤ 1.2× raw', metric: 'http.rss', vs: 'raw', op: '<=', limit: 1.2 },
  ...[
    ['http.modern', 'HTTP, modern server'],
    ['http.dual', 'HTTP, dual-era server'],
    ['http.legacy', 'HTTP, dual-era server, 2025-11-25 session'],
    ['stdio.modern', 'stdio, modern server'],
    ['stdio.dual', 'stdio, dual-era server'],
  ].map(([key, what]) => ({
    id: `soak-${key}`,
    text: `${what}: RSS growth ≤ 2 MiB per 100k requests after warm-up`,
    metric: `soak.${key}`,
    vs: null,
    op: '<=',
    limit: 2,
    unit: 'MiB/100k',
  })),
  // The scale curves (issue 23): where each curve should end up.
  {
    id: 'registry-list',
    text: '`tools/list` (all pages) per tool listed at 10k tools ≤ 1.5× its cost at 10 tools',
    metric: 'registry.list.growth',
    vs: null,
    op: '<=',
    limit: 1.5,
  },
  { id: 'registry-call', text: '`tools/call` at 10k tools ≤ 1.5× its cost at 10 tools', metric: 'registry.call.growth', vs: null, op: '<=', limit: 1.5 },
  ...['stdio', 'http'].flatMap((t) =>
    ['1MB', '16MB'].map((size) => ({
      id: `payload-${t}-${size}`,
      text: `${t} payload of ${size.replace('MB', ' MB')}: MB/s ≥ 0.8× raw`,
      metric: `payload.${t}.${size}`,
      vs: 'raw',
      op: '>=',
      limit: 0.8,
    })),
  ),
  ...['stdio', 'http'].map((t) => ({
    id: `payload-rss-${t}`,
    text: `${t} payload of 16 MB: server peak RSS growth ≤ 3× the payload`,
    metric: `payload.${t}.rss16MB`,
    vs: null,
    op: '<=',
    limit: 3,
  })),
  {
    id: 'listen-mem',
    text: 'memory per idle listen stream at 10k streams ≤ 8 KB',
    metric: 'listeners.perStream',
    vs: null,
    op: '<=',
    limit: 8_000,
    unit: 'bytes',
  },
  {
    id: 'listen-fanout',
    text: '`list_changed` fan-out to 10k streams, one process: p99 to the last stream ≤ 100 ms',
    metric: 'listeners.fanoutP99',
    vs: null,
    op: '<=',
    limit: 100,
    unit: 'ms',
  },
  {
    id: 'session-mem',
    text: 'memory per idle legacy session at 10k sessions ≤ 4 KB',
    metric: 'sessions.perSession',
    vs: null,
    op: '<=',
    limit: 4_000,
    unit: 'bytes',
  },
];

/**
 * Evaluates one budget for one side. Resolves to `{ value, pass }`: `value` is the ratio (or the absolute value),
 * `pass` is true/false, or null when a number is missing (the side or the reference was not measured).
 */
export function evaluate(budget, metrics, side) {
  const m = metrics[budget.metric];
  if (!m) return { value: Number.NaN, pass: null };
  const value = budget.vs ? ratio(m[side], m[budget.vs]) : m[side];
  if (!Number.isFinite(value)) return { value, pass: null };
  return { value, pass: budget.op === '>=' ? value >= budget.limit : value <= budget.limit };
}

/** The budgets' outcome for mcpkit (the subject) and, for context, for the official SDK. */
export function checkBudgets(metrics) {
  return BUDGETS.filter((b) => metrics[b.metric]).map((b) => ({
    ...b,
    mcpkit: evaluate(b, metrics, 'mcpkit'),
    official: b.vs === 'official' ? { value: Number.NaN, pass: null } : evaluate(b, metrics, 'official'),
  }));
}

/** ✓, ✗ or — for a pass value. */
export function mark(pass) {
  return pass === true ? '✓' : pass === false ? '✗' : '—';
}
