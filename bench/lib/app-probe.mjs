// Spawning a tiny app that imports a set of entries: how long node takes to load it, and which files it loads.
// An import set is { imports: [{ from, names }] }, names being a list of bindings or '*' for a whole entry.
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runNodeJson } from './proc.mjs';

const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));
const COUNTER = fileURLToPath(new URL('../drivers/module-count.mjs', import.meta.url));

/** The package a file belongs to (`@mcpkit/<name>` for the workspace's packages/), or '(entry)'; paths relative or absolute. */
export function packageOf(path) {
  const at = path.lastIndexOf('node_modules/');
  const workspace = path.match(/(?:^|\/)packages\/([^/]+)\//);
  return at !== -1 ? path.slice(at + 13).match(/^(@[^/]+\/[^/]+|[^/]+)/)[1] : workspace ? `@mcpkit/${workspace[1]}` : '(entry)';
}

/** Sums `[path, amount]` pairs per package. */
export function byPackage(entries) {
  const out = {};
  for (const [path, amount] of entries) out[packageOf(path)] = (out[packageOf(path)] ?? 0) + amount;
  return out;
}

/** A tiny app module importing the set and printing how many of its bindings are defined, as one JSON line. */
export function appSource(set) {
  const lines = set.imports.map(({ from, names }, i) =>
    names === '*' ? `import * as ns${i} from '${from}';` : `import { ${names.join(', ')} } from '${from}';`,
  );
  const bindings = set.imports.flatMap(({ names }, i) => (names === '*' ? [`...Object.values(ns${i})`] : names));
  return [...lines, `console.log(JSON.stringify({ exports: [${bindings.join(', ')}].filter((v) => v !== undefined).length }));`].join('\n');
}

/** The files Node loads for the set (drivers/module-count.mjs), their bytes on disk, files per package. */
export async function countModules(set) {
  const { files, exports } = await runNodeJson(COUNTER, [JSON.stringify(set.imports)], { timeoutMs: 60_000 });
  const bytes = files.reduce((sum, f) => sum + statSync(f).size, 0);
  return { files: files.length, bytes, exports, packages: byPackage(files.map((f) => [f, 1])) };
}

/**
 * Spawns `node --input-type=module -e <app>` in bench/ and resolves with the milliseconds from spawn to the app's
 * line on stdout. The line must report `expected` defined bindings, and the process must then exit by itself
 * with code 0 (a timer or socket opened at module load would keep it alive).
 */
export function startOnce(program, expected) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', program], { cwd: BENCH_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let ms;
    let killed = false;
    const timer = setTimeout(() => ((killed = true), child.kill('SIGKILL')), 20_000);
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
      if (ms === undefined && out.includes('\n')) ms = performance.now() - t0;
    });
    child.on('error', (e) => (clearTimeout(timer), reject(e)));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = out.split('\n')[0];
      if (ms === undefined) return reject(new Error(`exited (${code ?? signal}) before printing\n${err.slice(-1000)}`));
      if (killed) return reject(new Error('still running 20 s after loading: something at module load keeps the process alive'));
      if (code !== 0) return reject(new Error(`exited with ${code ?? signal} after loading\n${err.slice(-1000)}`));
      let got;
      try {
        got = JSON.parse(line).exports;
      } catch {
        return reject(new Error(`unparseable line: ${line.slice(0, 200)}`));
      }
      if (got !== expected) return reject(new Error(`${got} bindings defined, expected ${expected}: ${line.slice(0, 200)}`));
      resolve(ms);
    });
  });
}
