// @mcpkit/stdio: a child process serves a dispatcher with serveStdio; the parent talks to it with a
// Connection over StdioClientTransport, then sees ProcessExitedError once the child exits.
import fs from 'node:fs';
import path from 'node:path';
import { check } from './_shared.mjs';

export default async function (load, { mode, dir }) {
  const { Connection, TransportClosedError } = await load('@mcpkit/jsonrpc');
  const { StdioClientTransport, ProcessExitedError } = await load('@mcpkit/stdio');
  const child = path.join(dir, mode === 'esm' ? 'stdio-child.mjs' : 'stdio-child.cjs');
  // 'exit' is never answered: the child exits instead, and the request fails with the transport's error.
  const body = `serveStdio({ async dispatch(request) {
  if (request.method === 'exit') return new Promise(() => setImmediate(() => process.exit(3)));
  return { jsonrpc: '2.0', id: request.id, result: { method: request.method, pid: process.pid } };
} });`;
  fs.writeFileSync(
    child,
    mode === 'esm' ? `import { serveStdio } from '@mcpkit/stdio';\n${body}\n` : `const { serveStdio } = require('@mcpkit/stdio');\n${body}\n`,
  );
  const transport = new StdioClientTransport({ command: process.execPath, args: [child], cwd: dir, stderr: 'pipe' });
  const connection = new Connection(transport);
  await connection.start();
  const answer = await connection.request('tools/list', {});
  check(answer.method === 'tools/list' && answer.pid > 0, `child answered ${JSON.stringify(answer)}`);
  const error = await connection.request('exit', {}).then(
    () => undefined,
    (e) => e,
  );
  check(
    error instanceof ProcessExitedError && error instanceof TransportClosedError && error.exitCode === 3,
    `expected ProcessExitedError (code 3), got ${error}`,
  );
  await connection.close();
  return `serveStdio in a child answered tools/list; when it exited (code 3) the request in flight failed with ProcessExitedError`;
}
