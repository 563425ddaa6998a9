// Scenario 4 — cold start: spawn a stdio server → first `tools/call` result, median of 10.
import { spawn } from 'node:child_process';
import { millis, times } from '../lib/format.mjs';
import { repeatAlternating } from '../lib/repeat.mjs';
import { label, med, resolveSides, sideStatus } from '../lib/scenario-kit.mjs';
import { ratio } from '../lib/stats.mjs';
import { echoCall, isEchoResponse } from '../lib/wire.mjs';

export const id = 'coldstart';
export const title = '4. Cold start — spawn → first `tools/call` result over stdio';

const SIDES = ['mcpkit', 'official', 'raw'];
const TEXT = 'cold';

/**
 * Spawns `node file`, writes one `tools/call` at once (the pipe holds it until the server reads), and resolves with
 * the milliseconds until the complete response line arrived. The server is then closed through stdin.
 */
export function coldStartOnce(file) {
  return new Promise((resolve, reject) => {
    const line = JSON.stringify(echoCall(1, TEXT)) + '\n';
    const t0 = performance.now();
    const child = spawn(process.execPath, [file], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let done = false;
    const timer = setTimeout(() => finish(new Error(`no answer within 20 s\n${err.slice(-1000)}`)), 20_000);
    function finish(error, ms) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.stdin.end();
      const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
      child.once('exit', () => {
        clearTimeout(kill);
        if (error) reject(error);
        else resolve(ms);
      });
      if (child.exitCode !== null || child.signalCode !== null) child.emit('exit');
    }
    child.stdin.on('error', () => {}); // a server that died early; the exit handler reports it
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl === -1) return;
      const ms = performance.now() - t0;
      let msg;
      try {
        msg = JSON.parse(out.slice(0, nl));
      } catch {
        return finish(new Error(`unparseable first line: ${out.slice(0, 200)}`));
      }
      if (!isEchoResponse(msg, 1, TEXT)) return finish(new Error(`wrong first response: ${out.slice(0, 300)}`));
      finish(null, ms);
    });
    child.on('exit', (code, signal) => {
      if (!done) finish(new Error(`exited (${code ?? signal}) before answering\n${err.slice(-1000)}`));
    });
    child.stdin.write(line);
  });
}

/** Spawn → exit of `node -e ""`: what node itself costs, for context. */
function emptyNode() {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', () => resolve(performance.now() - t0));
  });
}

export async function run({ quick, log }) {
  const samples = quick ? 5 : 10;
  const sides = resolveSides(SIDES, ['stdio-server.mjs']);
  const files = Object.fromEntries(SIDES.filter((s) => !sides[s].missing.length).map((s) => [s, sides[s].files['stdio-server.mjs']]));
  files.node = null;

  // One discarded start per side first, so the page cache holds every file of every side.
  for (const file of Object.values(files)) {
    try {
      if (file) await coldStartOnce(file);
    } catch {
      /* reported by the measured runs below */
    }
  }

  const { results, failures } = await repeatAlternating({
    ids: Object.keys(files),
    reps: samples,
    log: () => {},
    runOne: async (side) => (files[side] ? coldStartOnce(files[side]) : emptyNode()),
  });
  log(`  ${samples} samples per side`);

  const ms = (side) => med(results[side], (x) => x).value;
  const status = {};
  for (const side of SIDES) status[side] = sideStatus(sides[side], failures[side]);
  const rows = SIDES.map((side) => {
    if (!results[side]?.length) return [label(side), status[side], '', '', '', ''];
    const xs = [...results[side]].sort((a, b) => a - b);
    return [label(side), millis(ms(side)), millis(xs[0]), millis(xs[xs.length - 1]), times(ratio(ms(side), ms('raw'))), String(xs.length)];
  });
  if (results.node?.length)
    rows.push([
      '`node -e ""` (spawn → exit)',
      millis(ms('node')),
      millis(Math.min(...results.node)),
      millis(Math.max(...results.node)),
      times(ratio(ms('node'), ms('raw'))),
      String(results.node.length),
    ]);

  return {
    id,
    title,
    description:
      `The harness spawns \`node <server>\`, writes one valid 2026-07-28 \`tools/call\` of \`echo\` into its stdin right away, and ` +
      `stops the clock when the complete response line is in (it must be the echo result for id 1). ` +
      `${samples} samples per side, alternating, after one discarded start each (warm page cache); median, min and max. ` +
      `The raw limit is a bare node process that answers the line without any library.`,
    tables: [{ header: ['side', 'median', 'min', 'max', 'vs raw', 'samples'], rows }],
    ratios: [
      ['cold start, mcpkit / raw', ratio(ms('mcpkit'), ms('raw'))],
      ['cold start, official / raw', ratio(ms('official'), ms('raw'))],
    ],
    metrics: {
      coldstart: { title: 'cold start to first tools/call result', better: 'lower', mcpkit: ms('mcpkit'), official: ms('official'), raw: ms('raw') },
    },
    status,
    eras: {
      official: '2026-07-28: `serveStdio` takes the first message (the modern `tools/call` with `_meta`) as the era decision',
      raw: 'no protocol',
      mcpkit: sides.mcpkit.missing.length ? 'not available' : '2026-07-28',
    },
    notes: [],
  };
}
