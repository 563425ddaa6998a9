// Runs one example in a consumer folder: `node run-example.mjs <esm|cjs> <example.mjs>`. In `esm` mode
// the packages load with import(), in `cjs` mode with require() (their CJS builds), both resolved
// from the consumer folder as its own code would. Prints `ok <what happened>` or the failure.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [mode, file] = process.argv.slice(2);
const dir = process.cwd();
const require = createRequire(path.join(dir, 'consumer.cjs'));
// This file is copied into the consumer folder: its bare imports resolve from there.
const load = mode === 'cjs' ? async (specifier) => require(specifier) : (specifier) => import(specifier);
const { default: example } = await import(pathToFileURL(path.resolve(file)).href);
try {
  const what = await example(load, { mode, dir, env: process.env });
  console.log(`ok ${what}`);
  process.exit(0);
} catch (error) {
  console.log(`failed ${error?.stack ?? error}`);
  process.exit(1);
}
