// Loader for the expected-failures files. They use the suite's own format (a `server:` and a
// `client:` list of `<scenario>` or `<scenario>:<check-id>` entries, see the suite's README,
// "Expected Failures"), so `conformance server --expected-failures <file>` accepts them as they
// are. We read the small YAML subset that format needs, and add two rules of our own: every entry
// names its reason in a comment (on its line, or a comment block above it, which covers the
// entries below it up to the next blank line; the block's first line is the reason we print,
// so it says what is missing and which issue fixes it), and an empty list
// is written `[]` (a bare `server:` is null in YAML, which the suite rejects).
import { readFileSync } from 'node:fs';

const ENTRY = /^[A-Za-z0-9_./-]+(?::[A-Za-z0-9_./$-]+)?$/;

/**
 * Parses an expected-failures document.
 * @param {string} text
 * @param {string} [file] used in error messages
 * @returns {{ server: Array<{scenario: string, checkId?: string, reason: string, line: number}>, client: Array<{scenario: string, checkId?: string, reason: string, line: number}> }}
 */
export function parseExpectedFailures(text, file = 'expected-failures') {
  const out = { server: [], client: [] };
  const seenKeys = new Set();
  const emptyOpenList = new Map(); // key -> line of a "key:" that has not had an entry yet
  let key = null;
  let pendingComment = []; // comment lines read since the last entry
  let groupReason = ''; // a comment block applies to the entries below it, up to a blank line
  const fail = (n, msg) => {
    throw new Error(`${file}:${n}: ${msg}`);
  };
  text.split(/\r?\n/).forEach((raw, i) => {
    const n = i + 1;
    const line = raw.replace(/\s+$/, '');
    if (line.trim() === '') {
      pendingComment = [];
      groupReason = '';
      return;
    }
    if (/^\s*#/.test(line)) {
      pendingComment.push(line.trim().replace(/^#\s?/, ''));
      return;
    }
    let m;
    if ((m = /^([A-Za-z_][\w-]*):\s*(\[\])?\s*(#.*)?$/.exec(line))) {
      const k = m[1];
      if (k !== 'server' && k !== 'client') fail(n, `unknown key "${k}" (the suite's format has only "server:" and "client:")`);
      if (seenKeys.has(k)) fail(n, `"${k}:" appears twice`);
      seenKeys.add(k);
      key = m[2] ? null : k;
      if (!m[2]) emptyOpenList.set(k, n);
      pendingComment = [];
      groupReason = '';
      return;
    }
    if ((m = /^\s+-\s+(.*)$/.exec(line))) {
      if (!key) fail(n, 'a list entry outside a "server:" or "client:" list');
      emptyOpenList.delete(key);
      const hash = m[1].search(/\s#/);
      const value = (hash < 0 ? m[1] : m[1].slice(0, hash)).trim().replace(/^(['"])(.*)\1$/, '$2');
      const trailing = hash < 0 ? '' : m[1].slice(hash).trim().replace(/^#\s?/, '');
      if (/:\s/.test(value) || value.endsWith(':')) {
        fail(n, `"${value}" is a YAML mapping, not an entry; write "<scenario>:<check-id>" without a space after the colon`);
      }
      if (!ENTRY.test(value)) fail(n, `"${value}" is not "<scenario>" or "<scenario>:<check-id>"`);
      if (pendingComment.length > 0) groupReason = pendingComment[0];
      const reason = trailing || groupReason;
      if (!reason) fail(n, `entry "${value}" needs a comment naming the reason and the issue that will fix it`);
      const colon = value.indexOf(':');
      const entry = colon < 0 ? { scenario: value, reason, line: n } : { scenario: value.slice(0, colon), checkId: value.slice(colon + 1), reason, line: n };
      out[key].push(entry);
      pendingComment = [];
      return;
    }
    fail(n, `cannot read this line: "${line.trim()}"`);
  });
  for (const k of ['server', 'client']) {
    if (emptyOpenList.has(k)) fail(emptyOpenList.get(k), `"${k}:" has no entries; write "${k}: []" for an empty list`);
    const whole = new Set();
    const all = new Set();
    for (const e of out[k]) {
      const id = e.checkId ? `${e.scenario}:${e.checkId}` : e.scenario;
      if (all.has(id)) fail(e.line, `"${id}" is listed twice`);
      all.add(id);
      if (!e.checkId) whole.add(e.scenario);
    }
    for (const e of out[k]) {
      if (e.checkId && whole.has(e.scenario)) fail(e.line, `"${e.scenario}" is expected to fail as a whole, so "${e.scenario}:${e.checkId}" is redundant`);
    }
  }
  return out;
}

/** Reads and parses an expected-failures file. */
export function loadExpectedFailures(path) {
  return parseExpectedFailures(readFileSync(path, 'utf8'), path);
}
