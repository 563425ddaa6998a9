// How a scenario's result becomes pass or fail, how the expected-failures entries apply to it,
// and the summary lines. Pure functions, covered by conformance.test.ts.
import { countChecks } from './parse.mjs';

const SEVERITY = { FAILURE: 3, WARNING: 2, SUCCESS: 1, INFO: 1, SKIPPED: 0 };

/**
 * One status per check id, most severe first, as the suite does when it applies per-check
 * baseline entries (an id can repeat inside a scenario).
 * @param {Array<{id: string, status: string}>} checks
 * @returns {Map<string, string>}
 */
export function collapseChecks(checks) {
  const byId = new Map();
  for (const c of checks) {
    const prev = byId.get(c.id);
    if (prev === undefined || (SEVERITY[c.status] ?? 0) > (SEVERITY[prev] ?? 0)) byId.set(c.id, c.status);
  }
  return byId;
}

/**
 * The verdict on one scenario run. A scenario passes when it recorded at least one SUCCESS check
 * and no FAILURE check. That is the rule of the suite's own tier scoring; it is stricter than the
 * `✓` the suite prints, which also marks a scenario that recorded no checks at all (a client that
 * never connected) or only INFO/WARNING checks (nothing was verified). Warnings (SHOULD-level
 * findings) do not fail a scenario.
 * @param {{ scenario: string, counts?: {passed: number, failed: number, warnings?: number}, checks?: Array<{id: string, status: string, errorMessage?: string, description?: string}>, skipped?: boolean, notes?: string[] }} result
 * @returns {{ passed: boolean, why: string }}
 */
export function judgeScenario(result) {
  if (result.skipped) return { passed: false, why: 'skipped by the suite as not applicable' };
  const counts = result.checks ? countChecks(result.checks) : result.counts;
  if (!counts) return { passed: false, why: 'no result: the scenario did not run or the suite crashed before reporting it' };
  if (counts.failed > 0) {
    const ids = result.checks ? [...collapseChecks(result.checks)].filter(([, s]) => s === 'FAILURE').map(([id]) => id) : [];
    return { passed: false, why: `${counts.failed} failed check${counts.failed === 1 ? '' : 's'}${ids.length ? `: ${ids.join(', ')}` : ''}` };
  }
  if (counts.passed === 0) {
    if (!result.checks && counts.warnings === undefined) return { passed: false, why: 'no check succeeded (0 passed, 0 failed)' };
    const total = result.checks ? result.checks.length : counts.warnings;
    return {
      passed: false,
      why:
        total === 0
          ? 'no checks recorded (the peer never exercised the scenario)'
          : 'no check succeeded (only INFO/WARNING/SKIPPED checks: nothing was verified)',
    };
  }
  return { passed: true, why: '' };
}

/**
 * Applies the expected-failures entries of one role (server or client) and one revision to that
 * role's results, with the suite's semantics: a whole-scenario entry expects the scenario to fail;
 * a `<scenario>:<check-id>` entry excuses that failing check only, so any other failing check of
 * the scenario is still unexpected; an entry whose scenario (or check) now passes is stale.
 * @param {Array<{scenario: string, checks?: any[], counts?: any, skipped?: boolean, notes?: string[]}>} results
 * @param {Array<{scenario: string, checkId?: string, reason: string}>} entries
 * @returns {Array<{scenario: string, passed: boolean, why: string, outcome: 'pass'|'expected'|'unexpected'|'stale', reason?: string}>}
 */
export function applyExpectations(results, entries) {
  return results.map((r) => {
    const v = judgeScenario(r);
    const mine = entries.filter((e) => e.scenario === r.scenario);
    const whole = mine.find((e) => !e.checkId);
    const base = { scenario: r.scenario, passed: v.passed, why: v.why };
    if (whole) {
      return v.passed
        ? { ...base, outcome: 'stale', reason: whole.reason, why: 'passes now: remove it from the expected failures' }
        : { ...base, outcome: 'expected', reason: whole.reason };
    }
    if (mine.length === 0) return { ...base, outcome: v.passed ? 'pass' : 'unexpected' };
    const statuses = collapseChecks(r.checks ?? []);
    const listed = new Set(mine.map((e) => e.checkId));
    const nowPassing = mine.filter((e) => statuses.get(e.checkId) === 'SUCCESS').map((e) => e.checkId);
    const reason = mine
      .map((e) => e.reason)
      .filter((x, i, a) => a.indexOf(x) === i)
      .join('; ');
    if (nowPassing.length > 0) {
      return {
        ...base,
        outcome: 'stale',
        reason,
        why: `check${nowPassing.length === 1 ? '' : 's'} ${nowPassing.join(', ')} pass${nowPassing.length === 1 ? 'es' : ''} now: remove ${nowPassing.length === 1 ? 'it' : 'them'} from the expected failures`,
      };
    }
    if (v.passed) return { ...base, outcome: 'pass' };
    const failing = [...statuses].filter(([, s]) => s === 'FAILURE').map(([id]) => id);
    const unexcused = failing.filter((id) => !listed.has(id));
    if (failing.length === 0 || unexcused.length > 0) {
      return {
        ...base,
        outcome: 'unexpected',
        reason,
        why: failing.length === 0 ? v.why : `failing check${unexcused.length === 1 ? '' : 's'} not in the expected failures: ${unexcused.join(', ')}`,
      };
    }
    return { ...base, outcome: 'expected', reason };
  });
}

/** The summary line the issue asks for: `<label>: N passed, M failed`. */
export function summaryLine(label, passed, failed) {
  return `${label}: ${passed} passed, ${failed} failed`;
}

/** Counts judged scenarios into the `N passed, M failed` pair. */
export function tally(judged) {
  const passed = judged.filter((j) => j.passed).length;
  return { passed, failed: judged.length - passed };
}
