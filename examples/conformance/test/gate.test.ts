// Runs real scenarios of the official conformance suite through the harness (tools/conformance),
// so a broken client entry or server script fails `pnpm test`, not only the full `pnpm conformance`
// run of CI: `tools_call` with our client at 2026-07-28 (modern) and 2025-11-25 (legacy session),
// and `tools-call-sampling` (a server-initiated request on a legacy HTTP session of dualEra) with
// our server script. The first run on a clean clone also installs the pinned suite (~25 s).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

function harness(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['tools/conformance/run.mjs', ...args], { cwd: REPO, timeout: 200_000, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the conformance gate, end to end', () => {
  it('passes tools_call with client.sh on both revisions and a 2025-11-25 server scenario with server.mjs', async () => {
    const run = await harness([
      '--leg', 'client-2026,client-2025,server-2025',
      '--scenario', 'tools_call',
      '--scenario', 'tools-call-sampling',
      '--server-cmd', 'node examples/conformance/server.mjs --port {port}',
    ]);
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.stdout, output).toContain('server-2025: 1 passed, 0 failed');
    expect(run.stdout, output).toContain('client-2026: 1 passed, 0 failed');
    expect(run.stdout, output).toContain('client-2025: 1 passed, 0 failed');
    expect(run.code, output).toBe(0);
  }, 240_000);
});
