#!/usr/bin/env node
// Runs a command under CPU contention, the way a contributor's busy laptop runs it: one busy-loop
// process per core at *normal* priority (the point is to compete with the command, not to yield to
// it), for as long as the command runs. A test that passes only on a quiet machine fails here.
//
//   node tools/stress/run.mjs [--workers N] [--repeat N] [--cached] -- <command> [args...]
//   pnpm test:stress            (= node tools/stress/run.mjs -- pnpm test)
//
// --workers  busy processes (default: one per core, os.availableParallelism())
// --repeat   run the command N times in a row (default 1); stops at the first failure
// --cached   keep turbo's cache; by default TURBO_FORCE=true, since a cached run would test nothing
//
// Prints the load average before and after each run, each run's duration and exit code, and exits with
// the first non-zero exit code (0 when every run passed).
import { spawn } from 'node:child_process';
import os from 'node:os';

const argv = process.argv.slice(2);
const split = argv.indexOf('--');
if (split === -1 || split === argv.length - 1) {
  console.error('usage: node tools/stress/run.mjs [--workers N] [--repeat N] [--cached] -- <command> [args...]');
  process.exit(2);
}
const options = argv.slice(0, split);
const command = argv.slice(split + 1);
const numberOption = (name, fallback) => {
  const at = options.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(options[at + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} takes a whole number`);
    process.exit(2);
  }
  return value;
};
const workers = numberOption('--workers', os.availableParallelism());
const repeat = Math.max(1, numberOption('--repeat', 1));
const cached = options.includes('--cached');

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

// The busy loops: plain child processes so that the kernel schedules them like any other work.
const busy = [];
const startBusy = () => {
  for (let i = 0; i < workers; i++) busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
};
const stopBusy = () => {
  for (const child of busy.splice(0)) child.kill('SIGKILL');
};
let current;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    stopBusy();
    current?.kill(signal);
    process.exit(130);
  });
process.on('exit', stopBusy);

const runOnce = () =>
  new Promise((resolve) => {
    current = spawn(command[0], command.slice(1), {
      stdio: 'inherit',
      env: cached ? process.env : { ...process.env, TURBO_FORCE: 'true' },
    });
    current.once('error', (error) => {
      console.error(`stress: could not start ${command[0]}: ${error.message}`);
      resolve(127);
    });
    current.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });

const results = [];
startBusy();
console.log(`stress: ${workers} busy process(es) on ${os.availableParallelism()} core(s); load average ${load()}`);
for (let run = 1; run <= repeat; run++) {
  const before = load();
  const started = Date.now();
  // The 1-minute load average every 10 s of the run: its peak and mean go in the summary.
  const samples = [];
  const sampler = setInterval(() => samples.push(os.loadavg()[0]), 10_000);
  console.log(`stress: run ${run}/${repeat}: ${command.join(' ')} (load average ${before})`);
  const code = await runOnce();
  clearInterval(sampler);
  const peak = samples.length ? Math.max(...samples).toFixed(2) : 'n/a';
  const mean = samples.length ? (samples.reduce((a, b) => a + b, 0) / samples.length).toFixed(2) : 'n/a';
  const seconds = Math.round((Date.now() - started) / 1000);
  results.push({ run, code, seconds, before, after: load(), peak, mean });
  console.log(`stress: run ${run}/${repeat} exited ${code} after ${seconds} s (load average ${load()})`);
  if (code !== 0) break;
}
stopBusy();
console.log('\nstress summary');
for (const r of results)
  console.log(
    `  run ${r.run}: ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`} in ${r.seconds} s; 1-min load average during the run: mean ${r.mean}, peak ${r.peak} (before ${r.before}, after ${r.after})`,
  );
const failed = results.find((r) => r.code !== 0);
process.exit(failed ? failed.code : 0);
