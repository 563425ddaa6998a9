// Consumer projects of the rehearsal: a fresh folder outside the workspace with a package.json, an
// .npmrc that takes @mcpkit/* from the rehearsal's registry (everything else from the usual one),
// and `npm install` with a cache of the rehearsal's own (never the user's). Then scenario 2: each
// package alone, its README example on each Node and in each module format.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONSUMERS } from './consumers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** Node 20.0 (the lowest `engines` allows), from tools' `node-20.0` dev dependency. */
export const node20 = () => path.join(path.dirname(require.resolve('node-20.0/package.json')), 'bin', 'node');

/** The environment of npm in a consumer folder: the rehearsal's cache, no audit or fund noise. */
const npmEnv = (context) => ({ ...process.env, npm_config_cache: path.join(context.tmp, 'npm-cache'), npm_config_audit: 'false', npm_config_fund: 'false' });

/** Creates `<tmp>/consumers/<name>` with `dependencies` and installs it with npm; returns the folder. */
export async function consumerProject(context, name, dependencies) {
  const dir = path.join(context.tmp, 'consumers', name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: `consumer-${name}`, private: true, dependencies }, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, '.npmrc'), `@mcpkit:registry=${context.registry.url}\n`);
  await install(context, dir);
  return dir;
}

/** `npm install` in a consumer folder (after its package.json changed). */
export async function install(context, dir) {
  await context.run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, env: npmEnv(context) });
}

/** Copies the examples and their runner into a consumer folder. */
export function addExamples(dir) {
  for (const file of fs.readdirSync(path.join(here, 'examples'))) fs.copyFileSync(path.join(here, 'examples', file), path.join(dir, file));
  fs.copyFileSync(path.join(here, 'run-example.mjs'), path.join(dir, 'run-example.mjs'));
}

/** Runs example `file` in `dir` with `node` in `mode`; resolves `{ ok, detail }`. */
export async function runExample(context, dir, file, node, mode, env = {}) {
  const result = await context.exec(node, ['run-example.mjs', mode, file], { cwd: dir, env: { ...process.env, ...env }, timeoutMs: 5 * 60_000 });
  const line = result.output.split('\n').find((l) => l.startsWith('ok ') || l.startsWith('failed '));
  if (result.code === 0 && line?.startsWith('ok ')) return { ok: true, detail: line.slice(3) };
  return { ok: false, detail: result.output.trim().slice(-3000) || `exited ${result.code}` };
}

/** Runs `fn` over `items`, `size` at a time. */
export async function pool(items, size, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** Scenario 2: every consumer of consumers.mjs (or the `only` ones). */
export async function runConsumers(context, { only } = {}) {
  const versions = new Map(context.first.map((p) => [p.name, p.version]));
  const section = 'each package alone, its README example (Node 20.0 and current; ESM and CJS)';
  const nodes = [
    ['Node 20.0', node20()],
    [`Node ${process.versions.node}`, process.execPath],
  ];
  const selected = CONSUMERS.filter((c) => !only || only.includes(c.dir));
  await pool(selected, 3, async (consumer) => {
    const name = `@mcpkit/${consumer.dir}`;
    if (!versions.has(name)) return context.record(section, name, false, `${name} was not published`);
    const dependencies = { [name]: versions.get(name) };
    for (const spec of consumer.with) {
      const at = spec.lastIndexOf('@');
      if (at > 0) dependencies[spec.slice(0, at)] = spec.slice(at + 1);
      else dependencies[spec] = versions.get(spec);
    }
    let dir;
    try {
      dir = await consumerProject(context, consumer.dir, dependencies);
    } catch (error) {
      return context.record(section, `${name}: npm install`, false, error.message);
    }
    addExamples(dir);
    const extra = consumer.with.length ? ` with ${consumer.with.join(', ')}` : '';
    for (const [label, node] of nodes)
      for (const mode of ['esm', 'cjs']) {
        const { ok, detail } = await runExample(context, dir, `${consumer.dir}.mjs`, node, mode, { REDIS_URL: context.redisUrl });
        context.record(section, `${name}@${versions.get(name)}${extra}, ${label}, ${mode.toUpperCase()}`, ok, detail);
      }
  });
}
