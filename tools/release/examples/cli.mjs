// @mcpkit/cli: the README's `mcpkit tools list --stdio "<server>"` against the bundled example server.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { check } from './_shared.mjs';

const run = (file, args, cwd) =>
  new Promise((resolve) =>
    execFile(file, args, { cwd, timeout: 120_000 }, (error, stdout, stderr) => resolve({ code: error ? (error.code ?? 1) : 0, out: stdout + stderr })),
  );

export default async function (load, { dir }) {
  const bin = path.join(dir, 'node_modules', '.bin', 'mcpkit');
  const listed = await run(bin, ['tools', 'list', '--stdio', `${bin} serve-example --transport stdio`], dir);
  check(listed.code === 0 && listed.out.includes('echo'), `mcpkit tools list exited ${listed.code}:\n${listed.out}`);
  return 'mcpkit tools list --stdio "mcpkit serve-example" listed the example tools';
}
