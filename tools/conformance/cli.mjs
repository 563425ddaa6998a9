// The command line of tools/conformance/run.mjs.
import { cpus } from 'node:os';
import { LEG_NAMES } from './legs.mjs';

export const DEFAULT_SERVER_CMD = 'pnpm exec mcpkit serve-example --transport http --port {port} --era dual';
export const DEFAULT_CLIENT_CMD = 'examples/conformance/client.sh';

export const HELP = `Usage: node tools/conformance/run.mjs [options]

Runs @modelcontextprotocol/conformance against the server and client under test and prints
one line per leg ("N passed, M failed", counting scenarios), a total, and an "extensions" line
for the extension scenarios of tools/conformance/extensions.mjs (outside the total). Exits 1 on
a failure not listed in expected-failures.<revision>.yml (expected-failures.extensions.yml for
the extensions line) or on a listed failure that now passes, 2 when the run itself could not
be done.

  --leg <name>          run only this leg; repeatable or comma-separated
                        (${LEG_NAMES.join(', ')}; default: all)
  --server-cmd <cmd>    command starting the server under test; {port} is replaced by a free
                        port (also in $PORT); run with sh -c
                        (default: ${DEFAULT_SERVER_CMD})
  --server-url <url>    test a server that is already running instead of starting one
  --client-cmd <cmd>    command the suite runs per client scenario, the server URL appended
                        (default: ${DEFAULT_CLIENT_CMD}); the suite splits it on spaces
  --scenario <name>     run only this scenario (in the selected legs); repeatable
  --timeout <ms>        per-scenario timeout given to the suite (default 120000: generous, since
                        a scenario ends when its client exits, and a loaded machine is slow)
  --concurrency <n>     client scenarios run at once (default: twice the number of CPUs)
  --verbose             show the suite's full output and every failing check
  --help                this text`;

/** Parses the options; throws with a readable message on a bad one. */
export function parseArgs(argv) {
  const o = {
    legs: [],
    scenarios: [],
    serverCmd: DEFAULT_SERVER_CMD,
    serverUrl: undefined,
    clientCmd: DEFAULT_CLIENT_CMD,
    // Not the suite's 30 s: at load 17 on two cores a client scenario that takes 10 s on a quiet
    // machine ran past 30 s. A passing scenario ends when its client exits, so this costs nothing.
    timeout: 120000,
    concurrency: Math.max(2, 2 * cpus().length),
    verbose: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      const v = argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--leg':
        o.legs.push(
          ...value()
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        );
        break;
      case '--scenario':
        o.scenarios.push(value());
        break;
      case '--server-cmd':
        o.serverCmd = value();
        break;
      case '--server-url':
        o.serverUrl = value();
        break;
      case '--client-cmd':
        o.clientCmd = value();
        break;
      case '--timeout':
        o.timeout = positiveInt(flag, value());
        break;
      case '--concurrency':
        o.concurrency = positiveInt(flag, value());
        break;
      case '--verbose':
        o.verbose = true;
        break;
      case '--help':
      case '-h':
        o.help = true;
        break;
      default:
        throw new Error(`unknown option ${a} (see --help)`);
    }
  }
  for (const l of o.legs) if (!LEG_NAMES.includes(l)) throw new Error(`unknown leg "${l}" (legs: ${LEG_NAMES.join(', ')})`);
  if (o.legs.length === 0) o.legs = [...LEG_NAMES];
  return o;
}

function positiveInt(flag, v) {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag} needs a positive integer, got "${v}"`);
  return n;
}
