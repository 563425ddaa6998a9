// Parsers for the text the conformance suite prints, and for the checks.json files it saves.
// They are pure functions of their input so the unit tests can feed them captured output.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Removes ANSI colour escapes (the suite colours check statuses). */
export function stripAnsi(text) {
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

const SUMMARY_LINE = /^([✓✗])\s+(\S+):\s+(\d+) passed, (\d+) failed(?:, (\d+) warnings?)?\s*$/;
const SKIPPED_LINE = /^-\s+(\S+):\s+skipped\s*$/;
const TOTAL_LINE = /^Total:\s+(\d+) passed, (\d+) failed(?:, (\d+) warnings)?(?:, (\d+) skipped)?\s*$/;
const MARKER = /^=== (SUMMARY|SUITE SUMMARY) ===\s*$/;

/**
 * Parses the summary a multi-scenario run prints (`server --requirements`, `client --suite`):
 * the lines after the last `=== SUMMARY ===` / `=== SUITE SUMMARY ===` marker, up to `Total:`.
 * Returns one entry per scenario with the counts the suite printed. Throws when the marker or
 * the total is missing, or when the lines do not add up to the total.
 * @param {string} text
 * @returns {{ scenarios: Array<{scenario: string, mark: string, passed: number, failed: number, warnings: number | undefined, skipped: boolean}>, total: {passed: number, failed: number} }}
 */
export function parseSummary(text) {
  const lines = stripAnsi(text).split(/\r?\n/);
  let start = -1;
  for (let i = 0; i < lines.length; i++) if (MARKER.test(lines[i])) start = i;
  if (start < 0) throw new Error('no "=== SUMMARY ===" section in the suite output');
  const scenarios = [];
  let total;
  for (const line of lines.slice(start + 1)) {
    const t = line.trim();
    let m;
    if ((m = SUMMARY_LINE.exec(t))) {
      scenarios.push({
        scenario: m[2],
        mark: m[1],
        passed: Number(m[3]),
        failed: Number(m[4]),
        warnings: m[5] === undefined ? undefined : Number(m[5]),
        skipped: false,
      });
    } else if ((m = SKIPPED_LINE.exec(t))) {
      scenarios.push({ scenario: m[1], mark: '-', passed: 0, failed: 0, warnings: undefined, skipped: true });
    } else if ((m = TOTAL_LINE.exec(t))) {
      total = { passed: Number(m[1]), failed: Number(m[2]) };
      break;
    }
  }
  if (!total) throw new Error('the suite output has a summary section but no "Total:" line');
  const sum = scenarios.reduce((a, s) => ({ passed: a.passed + s.passed, failed: a.failed + s.failed }), { passed: 0, failed: 0 });
  if (sum.passed !== total.passed || sum.failed !== total.failed) {
    throw new Error(
      `summary lines add up to ${sum.passed} passed, ${sum.failed} failed but the suite's total says ${total.passed} passed, ${total.failed} failed`,
    );
  }
  const seen = new Set();
  for (const s of scenarios) {
    if (seen.has(s.scenario)) throw new Error(`scenario ${s.scenario} appears twice in the summary`);
    seen.add(s.scenario);
  }
  return { scenarios, total };
}

const RESULT_LINE = /^Passed:\s+(\d+)\/(\d+), (\d+) failed, (\d+) warnings\s*$/;

/**
 * Parses the output of a single-scenario run (`server --scenario X`, `client --scenario X`):
 * the last `Passed: a/b, n failed, w warnings` line, whether the scenario was skipped as not
 * applicable, and the client-process notes the suite prints (timeout, non-zero exit).
 * @param {string} text stdout and stderr of the run, in any order
 */
export function parseSingle(text) {
  const lines = stripAnsi(text)
    .split(/\r?\n/)
    .map((l) => l.trim());
  const notes = [];
  if (lines.some((l) => l.startsWith('⚠️  CLIENT TIMED OUT') || /^Client timed out after \d+ms$/.test(l))) notes.push('client timed out');
  const exited = lines.map((l) => /^Client exited with code (-?\d+)$/.exec(l)).find(Boolean);
  if (exited) notes.push(`client exited with code ${exited[1]}`);
  if (lines.some((l) => /^Scenario timed out after \d+ms$/.test(l))) notes.push('scenario timed out');
  if (lines.some((l) => l.startsWith('SKIPPED: scenario '))) return { skipped: true, passed: 0, failed: 0, warnings: 0, notes };
  let m;
  for (let i = lines.length - 1; i >= 0; i--) {
    if ((m = RESULT_LINE.exec(lines[i]))) {
      return { skipped: false, passed: Number(m[1]), failed: Number(m[3]), warnings: Number(m[4]), notes };
    }
  }
  throw new Error('no "Passed: a/b, n failed, w warnings" line in the single-scenario output');
}

/**
 * Parses `conformance list --requirements <rev>`: the required server and client scenarios, and
 * the run-but-unscored ones with their reason and leg.
 * @param {string} text
 */
export function parseRequirementsList(text) {
  const lines = stripAnsi(text).split(/\r?\n/);
  const header = lines.map((l) => /^Required for (\S+) \((\d+) scenarios/.exec(l)).find(Boolean);
  if (!header) throw new Error('not the output of "list --requirements"');
  const out = { revision: header[1], server: [], client: [], notScored: [] };
  let section = null;
  let reason = null;
  for (const line of lines) {
    if (/^Server scenarios/.test(line)) {
      section = 'server';
      continue;
    }
    if (/^Client scenarios/.test(line)) {
      section = 'client';
      continue;
    }
    if (/^Run and reported, but never scored:/.test(line)) {
      section = 'notScored';
      continue;
    }
    let m;
    if (section === 'notScored' && (m = /^ {2}(\S+) \(\d+\):\s*$/.exec(line))) {
      reason = m[1];
      continue;
    }
    if (section === 'notScored' && (m = /^ {4}- (\S+) \[(server|client)\]\s*$/.exec(line))) {
      out.notScored.push({ scenario: m[1], role: m[2], reason });
      continue;
    }
    if ((section === 'server' || section === 'client') && (m = /^ {2}- (\S+)\s*$/.exec(line))) out[section].push(m[1]);
  }
  if (out.server.length + out.client.length !== Number(header[2])) {
    throw new Error(`"list --requirements ${out.revision}" announced ${header[2]} scenarios but listed ${out.server.length + out.client.length}`);
  }
  return out;
}

/**
 * Parses the plain `conformance list`: the scenarios tagged `[extension]`, per role. Some extension
 * scenarios (the skills ones, SEP-2640) are in no revision's `list --requirements` output, so the
 * extensions line also accepts the scenarios this tags.
 * @param {string} text
 * @returns {{ server: string[], client: string[] }}
 */
export function parseExtensionTags(text) {
  const out = { server: [], client: [] };
  let section = null;
  for (const line of stripAnsi(text).split(/\r?\n/)) {
    if (/^Server scenarios/.test(line)) {
      section = 'server';
      continue;
    }
    if (/^Client scenarios/.test(line)) {
      section = 'client';
      continue;
    }
    if (/^\S/.test(line)) {
      section = null;
      continue;
    }
    const m = /^ {2}- (\S+) \[extension\]\s*$/.exec(line);
    if (section && m) out[section].push(m[1]);
  }
  return out;
}

const TIMESTAMP_SUFFIX = /-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

/**
 * Reads every checks.json below `dir` (the suite's `-o` folder) and returns a map from scenario
 * name to its checks. Folder names are `[server-]<scenario>-<timestamp>`; a scenario name with a
 * slash (`auth/iss-supported`) becomes nested folders. When a scenario has several folders the
 * newest wins.
 * @param {string} dir
 * @param {'server' | 'client'} role
 * @returns {Map<string, Array<{id: string, name?: string, status: string, description?: string, errorMessage?: string}>>}
 */
export function readChecks(dir, role) {
  const found = new Map();
  const walk = (d) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === 'checks.json') {
        let name = relative(dir, d).split(sep).join('/').replace(TIMESTAMP_SUFFIX, '');
        if (role === 'server') name = name.replace(/^server-/, '');
        const mtime = statSync(p).mtimeMs;
        const prev = found.get(name);
        if (!prev || prev.mtime < mtime) {
          let checks;
          try {
            checks = JSON.parse(readFileSync(p, 'utf8'));
          } catch {
            checks = undefined;
          }
          if (Array.isArray(checks)) found.set(name, { mtime, checks });
        }
      }
    }
  };
  walk(dir);
  return new Map([...found].map(([k, v]) => [k, v.checks]));
}

/** Counts checks by status the way the suite does (INFO and SKIPPED count as neither). */
export function countChecks(checks) {
  const c = { passed: 0, failed: 0, warnings: 0 };
  for (const x of checks) {
    if (x.status === 'SUCCESS') c.passed++;
    else if (x.status === 'FAILURE') c.failed++;
    else if (x.status === 'WARNING') c.warnings++;
  }
  return c;
}
