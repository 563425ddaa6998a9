// Child process of the `split` scenario: imports one set of entries, as an app would, and prints which files
// Node loaded for it. argv[2] is a JSON array of { from, names } (names: a list, or '*' for the whole entry).
// ES modules are counted by the loader hooks in module-count-hooks.mjs (registered before the first import, so
// this file and the hooks are not counted); CommonJS files (ioredis and its dependencies) by the CommonJS
// loader's cache, which every required file enters. Prints { files: [absolute paths], exports }.
import { createRequire, register } from 'node:module';
import { fileURLToPath } from 'node:url';

register('./module-count-hooks.mjs', import.meta.url);
const imports = JSON.parse(process.argv[2]);
let exports = 0;
for (const { from, names } of imports) {
  const mod = await import(from);
  const wanted = names === '*' ? Object.keys(mod) : names;
  const missing = wanted.filter((name) => mod[name] === undefined);
  if (missing.length) throw new Error(`${from} does not export ${missing.join(', ')}`);
  exports += wanted.length;
}
const { default: esm } = await import('mcpkit-bench:loaded');
const files = new Set([...esm.map((url) => fileURLToPath(url)), ...Object.keys(createRequire(import.meta.url).cache)]);
console.log(JSON.stringify({ files: [...files].sort(), exports }));
