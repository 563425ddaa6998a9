// Runs real scenarios of the official conformance suite through the harness (tools/conformance),
// so a broken client entry or server script fails `pnpm test`, not only the full `pnpm conformance`
// run of CI: `tools_call` with our client at 2026-07-28 (modern) and 2025-11-25 (legacy session),
// and `tools-call-sampling` (a server-initiated request on a legacy HTTP session of dualEra) with
// our server script. The suite is a pinned dev dependency (`pnpm install` fetches it).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
/** The harness's own bound; vitest's is above it, so a stuck run is ended here, children included. */
const HARNESS_TIMEOUT_MS = 200_000;

/**
 * Runs the harness in its own process group. On timeout the group gets SIGTERM (the harness then
 * ends the suite and server groups it started) and, 5 s later, SIGKILL.
 */
function harness(args: readonly string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['tools/conformance/run.mjs', ...args], { cwd: REPO, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const kill = (signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
    };
    let hard: NodeJS.Timeout | undefined;
    const soft = setTimeout(() => {
      output += `\n[test] the harness outlived ${HARNESS_TIMEOUT_MS} ms: stopping it\n`;
      kill('SIGTERM');
      hard = setTimeout(() => kill('SIGKILL'), 5000);
    }, HARNESS_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(soft);
      clearTimeout(hard);
      resolve({ code, output });
    });
  });
}

describe('the conformance gate, end to end', () => {
  it('passes tools_call with client.sh on both revisions and a 2025-11-25 server scenario with server.mjs', async () => {
    const run = await harness([
      '--leg',
      'client-2026,client-2025,server-2025',
      '--scenario',
      'tools_call',
      '--scenario',
      'tools-call-sampling',
      '--server-cmd',
      'node examples/conformance/server.mjs --port {port}',
    ]);
    expect(run.output).toContain('server-2025: 1 passed, 0 failed');
    expect(run.output).toContain('client-2026: 1 passed, 0 failed');
    expect(run.output).toContain('client-2025: 1 passed, 0 failed');
    expect(run.code, run.output).toBe(0);
  }, 240_000);
});
