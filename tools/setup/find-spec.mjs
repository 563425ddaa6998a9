// Prints the folder holding the normative MCP spec material (schema.json and examples per revision,
// the oracle of the schema and server tests): $MCPKIT_SPEC_DIR, else the first `shared/spec` found in
// a folder above the repository (`../shared/spec`, `../../shared/spec`, ...), else the workplace's
// `/work/shared/spec` (a clone made elsewhere on the same machine). Prints nothing and warns when
// there is none; the tests that need it then fail saying so.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const isSpec = (dir) => existsSync(join(dir, '2026-07-28', 'schema.json')) && existsSync(join(dir, '2025-11-25', 'schema.json'));

function findSpec() {
  if (process.env.MCPKIT_SPEC_DIR) return resolve(process.env.MCPKIT_SPEC_DIR);
  const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  for (let dir = dirname(repo); ; dir = dirname(dir)) {
    if (isSpec(join(dir, 'shared', 'spec'))) return join(dir, 'shared', 'spec');
    if (dirname(dir) === dir) break;
  }
  return isSpec('/work/shared/spec') ? '/work/shared/spec' : undefined;
}

const found = findSpec();
if (found) process.stdout.write(found);
else process.stderr.write('warning: no MCP spec folder (shared/spec) above the repository; set MCPKIT_SPEC_DIR\n');
