// Command-line options of bench/run.mjs.

export const USAGE = `usage: node bench/run.mjs [--quick] [--curves] [--only <scenario>[,<scenario>...]] [--reps N] [--[no-]folded] [--wait-quiet[=MIN]] [--out DIR] [--list]

  --quick        small counts and short loads (under two minutes), for development
  --curves       also run the scale curves (registry, payload, listeners, sessions, mrtr, concurrency)
  --only NAMES   run only these scenarios or curves (comma-separated; see --list; \`curves\` = every curve); others are omitted
  --reps N       repetitions per side (or per scenario: --reps stdio=2,mrtr=1) (default: 5 full for stdio, 3 for the others; 1 quick; cold start always takes 10 samples full, 5 quick; split: 20 starts per app full, 5 quick)
  --folded / --no-folded  run the benchmarks folded in from bench/stdio, bench/http, bench/server and
                 bench/validation (default: yes in full runs, no in quick runs)
  --wait-quiet[=MIN]  before each scenario, wait (at most MIN minutes, default 10) until the 1-minute load
                 average is below the number of cores: for a shared machine
  --out DIR      where to write latest.md, latest.svg and raw/latest.json (default: bench/results)
  --render-only  rewrite latest.md and latest.svg from raw/latest.json (after changing the report code)
  --list         print the scenario names and exit`;

/** Parses argv (without node and script) into options; throws with a usage message on bad input. */
export function parseArgs(argv) {
  const opts = { quick: false, curves: false, only: null, reps: null, folded: null, waitQuiet: 0, out: null, renderOnly: false, list: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${a} needs a value\n${USAGE}`);
      return v;
    };
    if (a === '--quick') opts.quick = true;
    else if (a === '--curves') opts.curves = true;
    else if (a === '--only')
      opts.only = value()
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (a.startsWith('--only='))
      opts.only = a
        .slice(7)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (a === '--reps') opts.reps = reps(value());
    else if (a.startsWith('--reps=')) opts.reps = reps(a.slice(7));
    else if (a === '--folded') opts.folded = true;
    else if (a === '--no-folded') opts.folded = false;
    else if (a === '--wait-quiet') opts.waitQuiet = 10;
    else if (a.startsWith('--wait-quiet=')) opts.waitQuiet = positiveInt('--wait-quiet', a.slice(13));
    else if (a === '--out') opts.out = value();
    else if (a === '--list') opts.list = true;
    else if (a === '--render-only') opts.renderOnly = true;
    else if (a === '--help' || a === '-h') opts.help = true;
    else throw new Error(`unknown option ${a}\n${USAGE}`);
  }
  return opts;
}

/** `N` (every scenario) or `id=N,id=N` (those scenarios; the others keep their defaults). */
function reps(v) {
  if (!v.includes('=')) return positiveInt('--reps', v);
  return Object.fromEntries(
    v.split(',').map((pair) => {
      const [id, n] = pair.split('=');
      return [id.trim(), positiveInt(`--reps ${id}`, n)];
    }),
  );
}

function positiveInt(name, v) {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${v}`);
  return n;
}
