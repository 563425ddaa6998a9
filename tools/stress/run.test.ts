// The stress helper (tools/stress/run.mjs): it runs the command with busy processes beside it,
// passes the command's exit code on, stops repeating at the first failure, and forces turbo.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'run.mjs');
// Without the caller's TURBO_FORCE: under `pnpm test:stress` this test runs inside a stress run, which set it.
const { TURBO_FORCE: _outer, ...env } = process.env;
const stress = (...args: string[]) => {
  const r = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', env });
  return { code: r.status, out: r.stdout + r.stderr };
};

describe('tools/stress/run.mjs', () => {
  it('runs the command as often as asked, beside the busy processes, and reports each run', () => {
    const r = stress('--workers', '1', '--repeat', '2', '--', process.execPath, '-e', 'console.log("force=" + process.env.TURBO_FORCE)');
    expect(r.code).toBe(0);
    expect(r.out).toContain('stress: 1 busy process(es)');
    expect(r.out.match(/force=true/g)).toHaveLength(2);
    expect(r.out).toMatch(/run 1: passed in \d+ s; 1-min load average/);
    expect(r.out).toMatch(/run 2: passed in \d+ s/);
  });

  it('stops at the first failing run and exits with its code', () => {
    const r = stress('--workers', '1', '--repeat', '3', '--', process.execPath, '-e', 'process.exit(3)');
    expect(r.code).toBe(3);
    expect(r.out).toContain('run 1: FAILED (exit 3)');
    expect(r.out).not.toContain('run 2:');
  });

  it('keeps turbo’s cache with --cached, and refuses a missing command', () => {
    expect(stress('--workers', '0', '--cached', '--', process.execPath, '-e', 'console.log("force=" + process.env.TURBO_FORCE)').out).toContain(
      'force=undefined',
    );
    expect(stress('--workers', '1').code).toBe(2);
  });
});
