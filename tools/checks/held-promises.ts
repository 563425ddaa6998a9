/**
 * Promises held unobserved across an `await`: in a test,
 *
 *     const waiting = client.wait(id);      // may reject at any time from now on
 *     await client.cancel(id);              // ... and on a slow machine it rejects here,
 *     await expect(waiting).rejects...;     // before anyone listens: an unhandled rejection
 *
 * Node reports the rejection as unhandled (vitest fails the run) when it lands before the last line
 * attaches a handler, which happens only when the machine is slow. Biome's `noFloatingPromises` does not
 * see it (the promise is not floating: it is observed, too late). This check is syntactic, and precise
 * by construction: it flags a variable only when (1) it is set from a call or `new` expression that is
 * neither awaited nor already given a rejection handler, (2) a later statement of the same block awaits
 * something without mentioning the variable, and (3) the first statement after that which mentions the
 * variable expects it to reject (`expect(v).rejects`, `v.catch(…)`, `await v` in a `try`; see
 * `observesRejection`). Any other first mention (passing it along, say) ends the watch without a finding.
 *
 * Not flagged, because they cannot reject unobserved: `new Promise` whose executor takes no `reject`,
 * `Promise.resolve(…)`, a `.then(onFulfilled, onRejected)` or `.catch(…)` chain, an `expect(…)` chain
 * (vitest tracks those itself). The fix is to observe at creation: `.then(() => undefined, (e) => e)`
 * and assert on the value, or start the await and the other action together (`Promise.all`).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One finding: where the promise was made, and the `await` it was held across. */
export interface HeldPromise {
  file: string;
  line: number;
  name: string;
  awaitLine: number;
  observedLine: number;
}

/** The files of tests and test fixtures: packages' and examples' test/, bench/test, tools' *.test.ts and *.matrix.ts. */
export function testFiles(repoRoot: string): string[] {
  const roots = [
    ...['packages', 'examples'].flatMap((group) => {
      const base = path.join(repoRoot, group);
      return fs.existsSync(base) ? fs.readdirSync(base).map((dir) => path.join(base, dir, 'test')) : [];
    }),
    path.join(repoRoot, 'bench', 'test'),
  ];
  const list = (dir: string): string[] =>
    !fs.existsSync(dir)
      ? []
      : fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === '.work') return [];
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) return list(full);
          return /\.(m|c)?[jt]s$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
        });
  const tools = list(path.join(repoRoot, 'tools')).filter((f) => /\.(test|matrix)\.[mc]?[jt]s$/.test(f));
  return [...roots.flatMap(list), ...tools];
}

const lineOf = (source: ts.SourceFile, node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

/** Whether `expr` is a promise that can reject with nobody listening (see the module comment). */
function mayRejectUnobserved(expr: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(expr)) return mayRejectUnobserved(expr.expression);
  if (ts.isNewExpression(expr)) {
    if (!ts.isIdentifier(expr.expression) || expr.expression.text !== 'Promise') return true;
    const executor = expr.arguments?.[0];
    return executor !== undefined && (ts.isArrowFunction(executor) || ts.isFunctionExpression(executor)) && executor.parameters.length >= 2;
  }
  if (!ts.isCallExpression(expr)) return false;
  const callee = expr.expression;
  if (ts.isPropertyAccessExpression(callee)) {
    const method = callee.name.text;
    if (method === 'catch' || (method === 'then' && expr.arguments.length >= 2)) return false;
    if (ts.isIdentifier(callee.expression) && callee.expression.text === 'Promise' && method === 'resolve') return false;
  }
  // An `expect(…)…` chain: vitest reports one that is never awaited.
  let head: ts.Expression = callee;
  while (ts.isPropertyAccessExpression(head) || ts.isCallExpression(head)) head = head.expression;
  return !(ts.isIdentifier(head) && head.text === 'expect');
}

const isFunctionLike = (node: ts.Node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isGetAccessor(node) ||
  ts.isSetAccessor(node) ||
  ts.isConstructorDeclaration(node);

/** The first `await` (or `for await`) in `node`, outside nested functions. */
function firstAwait(node: ts.Node): ts.Node | undefined {
  if (ts.isAwaitExpression(node)) return node;
  if (ts.isForOfStatement(node) && node.awaitModifier) return node;
  let found: ts.Node | undefined;
  node.forEachChild((child) => {
    if (found === undefined && !isFunctionLike(child)) found = firstAwait(child);
  });
  return found;
}

/** The first mention of identifier `name` in `node` (nested functions included: a closure observes later). */
function firstMention(node: ts.Node, name: string): ts.Identifier | undefined {
  if (ts.isIdentifier(node) && node.text === name) {
    const parent = node.parent;
    // `obj.name` and `{ name: … }` keys are not the variable.
    if (ts.isPropertyAccessExpression(parent) && parent.name === node) return undefined;
    if (ts.isPropertyAssignment(parent) && parent.name === node) return undefined;
    return node;
  }
  let found: ts.Identifier | undefined;
  node.forEachChild((child) => {
    if (found === undefined) found = firstMention(child, name);
  });
  return found;
}

/**
 * Whether this mention observes the variable as a promise that is expected to (or may) reject:
 * `expect(v).rejects…`, `v.catch(…)`, `v.then(onFulfilled, onRejected)`, `Promise.allSettled([v])`,
 * or `await v` inside a `try` with a `catch`. A promise expected to resolve that rejects while held
 * fails its test anyway (the rejection is the bug); an expected rejection that lands while the promise
 * is held fails a correct test, and only on a slow machine.
 */
function observesRejection(mention: ts.Identifier): boolean {
  let node: ts.Node = mention;
  while (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent) || ts.isNonNullExpression(node.parent)) node = node.parent;
  const parent = node.parent;
  if (ts.isAwaitExpression(parent)) {
    for (let up: ts.Node = parent; !isFunctionLike(up) && !ts.isSourceFile(up); up = up.parent)
      if (ts.isTryStatement(up.parent) && up.parent.tryBlock === up && up.parent.catchClause !== undefined) return true;
    return false;
  }
  if (ts.isPropertyAccessExpression(parent) && parent.expression === node) {
    const call = parent.parent;
    if (!ts.isCallExpression(call) || call.expression !== parent) return false;
    return parent.name.text === 'catch' || (parent.name.text === 'then' && call.arguments.length >= 2);
  }
  if (ts.isCallExpression(parent) && ts.isIdentifier(parent.expression) && parent.expression.text === 'expect')
    return ts.isPropertyAccessExpression(parent.parent) && parent.parent.name.text === 'rejects';
  const call = ts.isArrayLiteralExpression(parent) ? parent.parent : undefined;
  return (
    call !== undefined &&
    ts.isCallExpression(call) &&
    ts.isPropertyAccessExpression(call.expression) &&
    ts.isIdentifier(call.expression.expression) &&
    call.expression.expression.text === 'Promise' &&
    call.expression.name.text === 'allSettled'
  );
}

/** The candidates a statement sets: `const v = call()`, `let v = call()`, `v = call();`. */
function settings(statement: ts.Statement): Array<{ name: string; node: ts.Node }> {
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.flatMap((d) =>
      ts.isIdentifier(d.name) && d.initializer !== undefined && mayRejectUnobserved(d.initializer) ? [{ name: d.name.text, node: d }] : [],
    );
  if (
    ts.isExpressionStatement(statement) &&
    ts.isBinaryExpression(statement.expression) &&
    statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
    ts.isIdentifier(statement.expression.left) &&
    mayRejectUnobserved(statement.expression.right)
  )
    return [{ name: statement.expression.left.text, node: statement }];
  return [];
}

/** Findings of one source text. */
export function findHeldPromisesIn(file: string, text: string): HeldPromise[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: HeldPromise[] = [];
  const scanBlock = (statements: readonly ts.Statement[]) => {
    statements.forEach((statement, index) => {
      for (const { name, node } of settings(statement)) {
        let heldAcross: ts.Node | undefined;
        for (const later of statements.slice(index + 1)) {
          const mention = firstMention(later, name);
          if (mention !== undefined) {
            // An await in the same statement before the mention also holds it (`expect(await x()).toBe(await v)`).
            const before = heldAcross ?? firstAwaitBefore(later, mention);
            if (before !== undefined && observesRejection(mention))
              out.push({ file, line: lineOf(source, node), name, awaitLine: lineOf(source, before), observedLine: lineOf(source, mention) });
            break;
          }
          heldAcross ??= firstAwait(later);
        }
      }
    });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isBlock(node) || ts.isSourceFile(node) || ts.isModuleBlock(node) || ts.isCaseClause(node) || ts.isDefaultClause(node)) scanBlock(node.statements);
    node.forEachChild(visit);
  };
  visit(source);
  return out;
}

/** The first `await` of `statement` that starts before `mention` and does not contain it. */
function firstAwaitBefore(statement: ts.Node, mention: ts.Node): ts.Node | undefined {
  const found = firstAwait(statement);
  if (found === undefined || found.getStart() >= mention.getStart()) return undefined;
  return found.getEnd() <= mention.getStart() ? found : undefined;
}

/** Every held promise in the repository's tests, with repo-relative file names. */
export function findHeldPromises(repoRoot: string): HeldPromise[] {
  return testFiles(repoRoot).flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    return text.includes('await') ? findHeldPromisesIn(path.relative(repoRoot, file), text) : [];
  });
}
