// Benchmarks written by others as plain scripts (bench/stdio/, bench/validation/), folded into the report when present.
// Contract: a module in that folder exports `async function <name>({ quick })`; whatever it resolves with is shown.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL, fileURLToPath } from 'node:url';

const BENCH = fileURLToPath(new URL('../', import.meta.url));

export const FOLDED = [
  { dir: 'stdio', fn: 'runStdioBench', title: 'stdio transport (bench/stdio)', after: 'stdio' },
  { dir: 'http', fn: 'runHttpBench', title: 'HTTP transport (bench/http)', after: 'http' },
  { dir: 'redis', fn: 'runRedisBench', title: 'scale-out over Redis (bench/redis)', after: 'http' },
  { dir: 'server', fn: 'runServerBench', title: 'server dispatch and other server paths (bench/server)', after: 'dispatch' },
  { dir: 'validation', fn: 'runValidationBench', title: 'validation (bench/validation)', after: 'validation' },
  { dir: 'client', fn: 'runClientBench', title: 'client-side cost of tools/call (bench/client)', after: 'dispatch' },
];

/**
 * Finds the module exporting `fn` in bench/<dir>/ (index.mjs first, then the other top-level .mjs/.js files whose
 * source exports that name — other files there may be servers that take over stdin when imported), runs it, and
 * resolves with `{ present, file?, result?, error? }`. Never throws.
 */
export async function runFolded({ dir, fn }, { quick, log = () => {} }) {
  const folder = `${BENCH}${dir}/`;
  if (!existsSync(folder)) return { present: false };
  const exportsFn = new RegExp(`export\\s+(async\\s+)?function\\s+${fn}\\b|export\\s+(const|let)\\s+${fn}\\b|export\\s*\\{[^}]*\\b${fn}\\b`);
  const names = readdirSync(folder).filter((f) => /\.(mjs|js)$/.test(f) && !/\.test\./.test(f) && exportsFn.test(readFileSync(folder + f, 'utf8')));
  names.sort((a, b) => (a.startsWith('index.') ? -1 : b.startsWith('index.') ? 1 : a.localeCompare(b)));
  let lastError;
  for (const name of names) {
    let mod;
    try {
      mod = await import(pathToFileURL(folder + name).href);
    } catch (e) {
      lastError = `${name}: ${e.message}`;
      continue;
    }
    if (typeof mod[fn] !== 'function') continue;
    try {
      return { present: true, file: `bench/${dir}/${name}`, result: await mod[fn]({ quick, log: (m) => log(`  ${m}`) }) };
    } catch (e) {
      return {
        present: true,
        file: `bench/${dir}/${name}`,
        error: String(e?.stack ?? e)
          .split('\n')
          .slice(0, 6)
          .join('\n'),
      };
    }
  }
  return { present: true, error: lastError ?? `no module in bench/${dir}/ exports ${fn}` };
}

/** Markdown for whatever a folded benchmark returned: a string, `{ markdown }`, rows (array or `{ rows }`), or JSON. */
export function foldedMarkdown(result) {
  if (result == null) return '_(returned nothing)_';
  if (typeof result === 'string') return result;
  if (typeof result.markdown === 'string') return result.markdown;
  const given = Array.isArray(result) ? result : Array.isArray(result.rows) ? result.rows : null;
  if (given && given.length && given.every((r) => r && typeof r === 'object' && !Array.isArray(r))) {
    const rows = given.map((r) => flatten(r));
    const header = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const cell = (v) =>
      typeof v === 'number'
        ? v.toLocaleString('en-US', { maximumFractionDigits: Math.abs(v) >= 100 ? 0 : 3 })
        : v == null
          ? ''
          : String(v).replace(/\|/g, '\\|');
    const lines = [
      `| ${header.join(' | ')} |`,
      `|${header.map(() => '---').join('|')}|`,
      ...rows.map((r) => `| ${header.map((h) => cell(r[h])).join(' | ')} |`),
    ];
    const notes = Array.isArray(result.notes) ? result.notes.map((n) => `- ${n}`) : [];
    return [...lines, ...(notes.length ? ['', ...notes] : [])].join('\n');
  }
  return '```json\n' + JSON.stringify(result, null, 2).slice(0, 8000) + '\n```';
}

/** `{ a: { b: 1 } }` → `{ 'a b': 1 }`: nested objects of a row become columns. */
function flatten(row, prefix = '', out = {}) {
  for (const [key, value] of Object.entries(row)) {
    const name = prefix ? `${prefix} ${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, name, out);
    else out[name] = value;
  }
  return out;
}
