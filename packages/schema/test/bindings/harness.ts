// The round trip every language binding goes through: a driver program in that language, built
// against the binding package, reads `<revision>\t<Type>\t<json>` lines, decodes each JSON into the
// named type, encodes it again and prints `=<json>` (or `!<error>`). Here the outputs are compared
// with the inputs and checked against the official schema, and the results are summarised.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { officialValidators } from '../helpers/oracle.js';
import { REVISIONS, type Revision } from '../helpers/spec.js';
import { describeDifferences, jsonDifferences, type Difference } from './compare.js';
import { exampleCorpus, type Item, probeCorpus, PROBES, type Probe, type ProbeItem, type RefusalItem, refusalCorpus } from './corpus.js';

/** What the driver printed for one item. */
export type Outcome = { json: unknown } | { error: string };

export interface Result {
  item: Item & { probe?: Probe };
  outcome: Outcome;
  differences: Difference[];
  /** ajv's errors against the official schema, or undefined when valid. */
  invalid?: string;
}

export interface Report {
  rev: Revision;
  results: Result[];
  roundTrip: { ok: number; total: number };
  valid: { ok: number; total: number };
  probes: Record<Probe, boolean>;
}

/** Every item of a revision: its examples, then its probes. */
export function corpus(rev: Revision): (Item & { probe?: Probe })[] {
  return [...exampleCorpus(rev), ...probeCorpus(rev)];
}

/** The driver's standard input for items of several revisions. */
export function driverInput(items: { rev: Revision; item: Item }[]): string {
  return items.map(({ rev, item }) => `${rev}\t${item.type}\t${JSON.stringify(item.value)}\n`).join('');
}

/** Parses the driver's output lines (one per input line). */
export function parseOutcomes(stdout: string, count: number): Outcome[] {
  const lines = stdout.split('\n').filter((line) => line.length > 0);
  if (lines.length !== count) throw new Error(`driver printed ${lines.length} lines for ${count} inputs:\n${stdout.slice(-2000)}`);
  return lines.map((line) => {
    if (line.startsWith('=')) return { json: JSON.parse(line.slice(1)) as unknown };
    if (line.startsWith('!')) return { error: line.slice(1) };
    throw new Error(`driver printed an unexpected line: ${line.slice(0, 200)}`);
  });
}

/** Compares and validates the outcomes of one revision. */
export function evaluate(rev: Revision, items: (Item & { probe?: Probe })[], outcomes: Outcome[]): Report {
  const official = officialValidators(rev);
  const results = items.map((item, i): Result => {
    const outcome = outcomes[i]!;
    if ('error' in outcome) return { item, outcome, differences: [{ path: '/', kind: 'changed', detail: outcome.error }], invalid: 'not encoded' };
    const check = official(item.type);
    const invalid = check(outcome.json) ? undefined : JSON.stringify(check.errors).slice(0, 300);
    return { item, outcome, differences: jsonDifferences(item.value, outcome.json), invalid };
  });
  const probes = Object.fromEntries(
    PROBES.map((probe) => {
      const mine = results.filter((r) => r.item.probe === probe);
      return [probe, mine.length > 0 && mine.every((r) => r.differences.length === 0 && !r.invalid)];
    }),
  ) as Record<Probe, boolean>;
  const examples = results.filter((r) => !r.item.probe);
  return {
    rev,
    results,
    roundTrip: { ok: examples.filter((r) => r.differences.length === 0).length, total: examples.length },
    valid: { ok: results.filter((r) => !r.invalid).length, total: results.length },
    probes,
  };
}

/** One line for the test log (the numbers the issue's table asks for). */
export function summary(lang: string, report: Report, seconds: { artifact: number; build: number; run: number }): string {
  const probes = PROBES.map((p) => `${p} ${report.probes[p] ? 'kept' : 'LOST'}`).join(', ');
  return (
    `[${lang} binding] ${report.rev}: round trip ${report.roundTrip.ok}/${report.roundTrip.total}, ` +
    `valid against the official schema ${report.valid.ok}/${report.valid.total}; probes: ${probes} ` +
    `(artifact ${seconds.artifact.toFixed(1)} s, consumer build ${seconds.build.toFixed(1)} s, run ${seconds.run.toFixed(1)} s)`
  );
}

/** The failures of a report, one line each (what an assertion shows). */
export function failures(report: Report): string[] {
  return report.results
    .filter((r) => r.differences.length > 0 || r.invalid)
    .map((r) => `${r.item.name}: ${r.differences.length ? describeDifferences(r.differences) : `invalid ${r.invalid}`}`);
}

/** Every `_meta` member lost or changed and every `null` added, over all results (one line each). */
export function metaAndNullLosses(report: Report): string[] {
  return report.results.flatMap((r) =>
    r.differences.filter((d) => d.path.includes('/_meta') || (d.kind === 'added' && d.detail === 'null')).map((d) => `${r.item.name}: ${d.kind} ${d.path}`),
  );
}

const hasNice = spawnSync('nice', ['true']).status === 0;
/**
 * How far below normal a compile runs. A little: the other packages' tests beside it get the larger
 * share. Not far: at 15 a compile got about 1 % of a core while other work ran at normal priority (a
 * busy laptop, `pnpm test:stress`), and the schema tests alone ran past 47 minutes.
 */
const COMPILE_NICENESS = '5';

/**
 * Runs a command, throwing with its output when it fails; returns stdout. `lowPriority` runs it under
 * `nice -n 5` (`COMPILE_NICENESS`): compiling a binding takes minutes of CPU, and the other packages'
 * tests running beside it should not wait on it.
 */
export function run(command: string, args: string[], options: SpawnSyncOptions & { input?: string; lowPriority?: boolean } = {}): string {
  const { lowPriority, ...spawnOptions } = options;
  const [file, argv] = lowPriority && hasNice ? ['nice', ['-n', COMPILE_NICENESS, command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...spawnOptions });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${String(result.stderr).slice(-4000)}\n${String(result.stdout).slice(-2000)}`);
  }
  return String(result.stdout);
}

/** The first line a command prints for `args` (e.g. `--version`), or undefined when it cannot run. */
export function versionOf(command: string, args = ['--version']): string | undefined {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error || result.status !== 0) return undefined;
  return `${result.stdout}${result.stderr}`
    .split('\n')
    .find((line) => line.trim().length > 0)
    ?.trim();
}

/**
 * Maps each `$defs` name of a revision to the binding's name for it, from the names the binding
 * declares (compared without case or separators, as quicktype renames `JSONRPCRequest` to
 * `JsonrpcRequest` in some languages).
 */
export function typeNameTable(defNames: string[], declared: string[]): Map<string, string> {
  const normal = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
  const byNormal = new Map(declared.map((name) => [normal(name), name]));
  const table = new Map<string, string>();
  for (const def of defNames) {
    const found = byNormal.get(normal(def));
    if (found) table.set(def, found);
  }
  return table;
}

/** The type names a revision's corpus needs. */
export const corpusTypes = (rev: Revision) => [...new Set(corpus(rev).map((item) => item.type))].sort();

/** All items of both revisions, in driver order. */
export function allItems(): { rev: Revision; item: Item & { probe?: ProbeItem['probe'] } }[] {
  return REVISIONS.flatMap((rev) => corpus(rev).map((item) => ({ rev, item })));
}

/** The refusal items of both revisions (sent to the driver after allItems()). */
export function allRefusals(): { rev: Revision; item: RefusalItem }[] {
  return REVISIONS.flatMap((rev) => refusalCorpus(rev).map((item) => ({ rev, item })));
}

/**
 * How a language's errors name the member at fault: `pointer`, the JSON Pointer (`/params/name`,
 * what the Go, Python and Rust bindings write); `names`, its member names and indexes as separate
 * words in whatever notation the library has (Newtonsoft's `params.name`, Jackson's `["params"]->…["name"]`).
 */
export type PathStyle = 'pointer' | 'names';

/** Whether `message` names `path` in `style`. */
export function namesPath(message: string, path: string[], style: PathStyle): boolean {
  if (style === 'pointer') {
    const pointer = path.map((part) => `/${part.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
    return new RegExp(`(^|[\\s!:])${pointer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[\\s:/])`).test(message);
  }
  return path.every((part) => new RegExp(`(^|[^A-Za-z0-9_])${part}(?![A-Za-z0-9_])`).test(message));
}

/** What a binding did with one refusal item. */
export interface Refusal {
  rev: Revision;
  item: RefusalItem;
  /** The error it printed, or undefined when it decoded the message. */
  error?: string;
  namesPath: boolean;
}

/** Judges the driver's outcomes for the refusal items. */
export function judgeRefusals(items: { rev: Revision; item: RefusalItem }[], outcomes: Outcome[], style: PathStyle): Refusal[] {
  return items.map(({ rev, item }, i) => {
    const outcome = outcomes[i]!;
    const error = 'error' in outcome ? outcome.error : undefined;
    return { rev, item, error, namesPath: error !== undefined && namesPath(error, item.path, style) };
  });
}
