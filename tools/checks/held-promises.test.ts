import { describe, expect, it } from 'vitest';
import { findHeldPromises, findHeldPromisesIn } from './held-promises.js';
import { findRepoRoot } from './workspace.js';

const repoRoot = findRepoRoot(import.meta.dirname);
const names = (text: string) => findHeldPromisesIn('x.test.ts', text).map((f) => `${f.name}@${f.line}/${f.awaitLine}/${f.observedLine}`);

describe('promises held unobserved across an await (tools/checks/held-promises.ts)', () => {
  it('no test holds a promise that is expected to reject across an await of something else', () => {
    const found = findHeldPromises(repoRoot).map(
      (f) => `${f.file}:${f.line} ${f.name} (held across the await of line ${f.awaitLine}, observed at ${f.observedLine})`,
    );
    expect(found).toEqual([]);
  });

  it('flags the shape of the redis flake, and its variants', () => {
    expect(
      names(`it('x', async () => {
  const waiting = client.wait(id);
  await client.cancel(id);
  await expect(waiting).rejects.toBeInstanceOf(TaskCancelledError);
});`),
    ).toEqual(['waiting@2/3/4']);
    // Observed with .catch, with .then(a, b), in a try, and through Promise.allSettled; an assignment too.
    expect(
      names(`async function f() {
  const a = call();
  await other();
  const error = await a.catch((e) => e);
  let b;
  b = call();
  for await (const x of stream) {}
  b.then(ok, ko);
  const c = new Promise((resolve, reject) => setup(resolve, reject));
  await other();
  try { await c; } catch {}
  const d = call();
  expect(await other()).toBe(1);
  await Promise.allSettled([d]);
}`),
    ).toEqual(['a@2/3/4', 'b@6/7/8', 'c@9/10/11', 'd@12/13/14']);
  });

  it('does not flag promises observed at once, that cannot reject, expected to resolve, or not used as promises', () => {
    expect(
      names(`async function f() {
  const a = expect(client.wait(id)).rejects.toBeInstanceOf(E);
  const b = client.wait(id).catch((e) => e);
  const c = client.wait(id).then(() => undefined, (e) => e);
  const d = new Promise((resolve) => child.once('exit', resolve));
  const e = Promise.resolve(1);
  const f = await client.wait(id);
  const g = client.wait(id);
  const h = spawn('node');
  const i = client.wait(id);
  await other();
  await a; await b; await c; await d; await e;
  await expect(g).resolves.toBe(1);
  h.kill();
  await forward(i);
  await expect(i).rejects.toThrow();
}`),
    ).toEqual([]);
  });

  it('follows nested blocks and closures: a declaration in an inner block, a mention inside a callback', () => {
    expect(
      names(`describe('x', () => {
  it('y', async () => {
    if (ready) {
      const p = call();
      await step();
      await expect(p).rejects.toThrow();
    }
    const q = call();
    onDone(() => q.catch(() => {}));
    await step();
    await expect(q).rejects.toThrow();
  });
});`),
    ).toEqual(['p@4/5/6']);
  });
});
