import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** A call in a test file that waits (or arms a timer) for a literal ≥ `min` ms. */
export interface TimedCall {
  /** Repo-relative file. */
  file: string;
  line: number;
  /** The called name: `setTimeout`, `sleep`, `delay`, `setInterval`. */
  callee: string;
  ms: number;
  text: string;
}

const CALLEES = new Set(['setTimeout', 'setInterval', 'sleep', 'delay']);

/** The folders whose files are tests or test fixtures. */
const TEST_ROOTS = (repoRoot: string) => [
  ...['packages', 'examples'].flatMap((group) => {
    const base = path.join(repoRoot, group);
    return fs.existsSync(base) ? fs.readdirSync(base).map((dir) => path.join(base, dir, 'test')) : [];
  }),
  path.join(repoRoot, 'tools'),
];

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === '.work') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else if (/\.(m|c)?[jt]s$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** A test file: under a package's or example's test/, or a `*.test.ts` of tools/. */
const isTestFile = (repoRoot: string, file: string) => !path.relative(repoRoot, file).startsWith('tools') || /\.test\.[mc]?[jt]s$/.test(file);

/**
 * Every `setTimeout`/`setInterval`/`sleep`/`delay` call in test files with a numeric literal of at
 * least `min` ms among its arguments: a real wait for a timeout or a margin for a loaded machine,
 * unless the allow-list gives a reason.
 */
export function findTimedCalls(repoRoot: string, min = 100): TimedCall[] {
  const out: TimedCall[] = [];
  for (const file of TEST_ROOTS(repoRoot)
    .flatMap(listFiles)
    .filter((f) => isTestFile(repoRoot, f))) {
    const text = fs.readFileSync(file, 'utf8');
    if (!/setTimeout|setInterval|sleep|delay/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const callee = ts.isIdentifier(node.expression)
          ? node.expression.text
          : ts.isPropertyAccessExpression(node.expression)
            ? node.expression.name.text
            : '';
        if (CALLEES.has(callee)) {
          for (const arg of node.arguments) {
            if (!ts.isNumericLiteral(arg)) continue;
            const ms = Number(arg.text.replace(/_/g, ''));
            if (ms >= min) {
              const { line } = source.getLineAndCharacterOfPosition(node.getStart());
              out.push({ file: path.relative(repoRoot, file), line: line + 1, callee, ms, text: node.getText().replace(/\s+/g, ' ').slice(0, 120) });
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
}

/** Timers of 100 ms or more that test code may keep, each with why it is no wait for a timeout. */
export const ALLOWED_TIMERS: ReadonlyArray<{ file: string; ms: number; reason: string }> = [
  {
    file: 'packages/cli/test/helpers.ts',
    ms: 540_000,
    reason: 'a serve-example that never starts fails with its stderr before the 600 s test timeout ends it bare',
  },
  { file: 'packages/client/test/e2e/processes.ts', ms: 3_000, reason: 'safety net: SIGKILL a child that ignored stdin EOF' },
  { file: 'packages/legacy/test/client/helpers.ts', ms: 3_000, reason: 'safety net: SIGKILL a child that ignored stdin EOF' },
  { file: 'packages/tasks-client/test/helpers.ts', ms: 3_000, reason: 'safety net: SIGKILL a server child that ignored stdin EOF' },
  { file: 'packages/redis/test/helpers/replicas.ts', ms: 5_000, reason: 'safety net: SIGKILL a replica that ignored SIGTERM' },
  { file: 'packages/redis/test/helpers/redis-server.ts', ms: 5_000, reason: 'safety net: SIGKILL a redis-server that ignored SIGTERM' },
  { file: 'packages/redis/test/helpers/redis-server.ts', ms: 500, reason: 'bound of one PING of a readiness poll, which retries' },
  { file: 'packages/redis/test/fixtures/replica.mjs', ms: 5_000, reason: 'safety net: a replica process that cannot shut down exits 1' },
  {
    file: 'packages/legacy/test/client/fixtures/sdk-v1-server.mjs',
    ms: 100,
    reason: 'the official SDK server fixture answers after closeSSEStream() (no hook to wait on); the resumption asserted does not depend on it',
  },
  { file: 'examples/conformance/test/gate.test.ts', ms: 5_000, reason: 'safety net: SIGKILL a conformance run that ignored SIGTERM' },
  { file: 'packages/stdio/test/fixtures/client-then-vanish.mjs', ms: 1_000, reason: 'setInterval keeping the fixture process alive until it is killed' },
  { file: 'packages/stdio/test/fixtures/ignores-sigterm.mjs', ms: 1_000, reason: 'setInterval keeping the fixture process alive until SIGKILL' },
];

/** Timed calls the allow-list does not excuse, and allow-list entries that match nothing any more. */
export function checkTimers(repoRoot: string): { unexcused: TimedCall[]; stale: typeof ALLOWED_TIMERS } {
  const calls = findTimedCalls(repoRoot);
  const excused = (c: TimedCall) => ALLOWED_TIMERS.some((a) => a.file === c.file && a.ms === c.ms);
  return {
    unexcused: calls.filter((c) => !excused(c)),
    stale: ALLOWED_TIMERS.filter((a) => !calls.some((c) => c.file === a.file && c.ms === a.ms)),
  };
}
