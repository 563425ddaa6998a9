// Two installed copies of @mcpkit/jsonrpc: the app's (the new minor) and the one nested under the
// older stdio, client, server and http. Errors made by one copy are checked against the other's
// classes, and a Connection of the new copy must pass the old copy's TransportClosedError through.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { check, echoServer } from './_shared.mjs';

export default async function (load, { mode, dir }) {
  const jsonrpc = await load('@mcpkit/jsonrpc');
  const { StdioClientTransport, ProcessExitedError } = await load('@mcpkit/stdio');
  const { ModernClient } = await load('@mcpkit/client');
  const { createHttpHandler, HttpClientTransport } = await load('@mcpkit/http');
  const { serveHttp } = await load('@mcpkit/http/node');

  // The copy stdio uses really is another one.
  const nested = path.join(dir, 'node_modules', '@mcpkit', 'stdio', 'node_modules', '@mcpkit', 'jsonrpc', 'package.json');
  check(fs.existsSync(nested), `no nested @mcpkit/jsonrpc under @mcpkit/stdio (${nested})`);
  const nestedVersion = JSON.parse(fs.readFileSync(nested, 'utf8')).version;
  const appVersion = JSON.parse(fs.readFileSync(createRequire(path.join(dir, 'x.cjs')).resolve('@mcpkit/jsonrpc/package.json'), 'utf8')).version;
  check(nestedVersion !== appVersion, `one version only: ${appVersion}`);

  // stdio (old jsonrpc) under a Connection of the new jsonrpc: the child exits while a request is in
  // flight, which fails with stdio's ProcessExitedError, an error of the old copy.
  const child = path.join(dir, mode === 'esm' ? 'exit-child.mjs' : 'exit-child.cjs');
  const body = `serveStdio({ async dispatch(request) {\n  return new Promise(() => setImmediate(() => process.exit(3)));\n} });\n`;
  fs.writeFileSync(
    child,
    mode === 'esm' ? `import { serveStdio } from '@mcpkit/stdio';\n${body}` : `const { serveStdio } = require('@mcpkit/stdio');\n${body}`,
  );
  const connection = new jsonrpc.Connection(new StdioClientTransport({ command: process.execPath, args: [child], cwd: dir }));
  await connection.start();
  const closed = await connection.request('exit', {}).then(
    () => undefined,
    (e) => e,
  );
  await connection.close();
  check(closed instanceof ProcessExitedError, `expected stdio's ProcessExitedError, got ${closed}`);
  check(
    closed instanceof jsonrpc.TransportClosedError && closed instanceof jsonrpc.LocalError,
    `the new copy does not recognise the old TransportClosedError: ${closed?.name}`,
  );

  // A transport whose send fails with the old copy's TransportClosedError: the new Connection passes
  // it through as it is (it used to re-wrap it as "TransportError: Could not send …").
  const nestedDir = path.dirname(nested);
  const old = mode === 'esm' ? await import(pathToFileURL(path.join(nestedDir, 'dist', 'index.js')).href) : createRequire(path.join(dir, 'x.cjs'))(nestedDir);
  check(old.TransportClosedError !== jsonrpc.TransportClosedError, 'the nested copy loaded as the same module');
  const gone = new old.TransportClosedError('the peer went away');
  const refusing = {
    name: 'refusing',
    kind: 'stream',
    onMessage() {},
    onError() {},
    onClose() {},
    async start() {},
    async close() {},
    async send() {
      throw gone;
    },
  };
  const second = new jsonrpc.Connection(refusing);
  await second.start();
  const failure = await second.request('ping', {}).then(
    () => undefined,
    (e) => e,
  );
  await second.close();
  check(failure === gone, `re-wrapped: ${failure?.name}: ${failure?.message}`);
  check(failure instanceof jsonrpc.TransportClosedError, 'the new copy does not recognise it');

  // client (old jsonrpc) against a server: its RemoteError is the new copy's RemoteError too.
  const { url, close } = await serveHttp(createHttpHandler(await echoServer(load)), { port: 0 });
  const client = new ModernClient(new HttpClientTransport(url));
  let remote;
  try {
    remote = await client.request('com.example/none', {}).then(
      () => undefined,
      (e) => e,
    );
  } finally {
    await client.close();
    await close();
  }
  check(remote instanceof jsonrpc.RemoteError && remote.remote === true, `the new copy does not recognise the old RemoteError: ${remote}`);
  check(!(remote instanceof jsonrpc.LocalError) && !(closed instanceof jsonrpc.RemoteError), 'brands mixed up');
  return `jsonrpc ${appVersion} (app) and ${nestedVersion} (nested): stdio's ProcessExitedError is the app's TransportClosedError, the old copy's TransportClosedError is passed through as it is, client's RemoteError ${remote.code} is the app's RemoteError`;
}
