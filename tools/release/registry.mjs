// A real npm registry on 127.0.0.1 for the release rehearsal: verdaccio (a dev dependency of tools),
// its storage, config and users in a folder of the caller's, no uplinks (it serves only what the
// rehearsal publishes; everything else comes from the consumer's usual registry), one local user
// whose token publishes. Stopped by `stop()`; the folder is the caller's to remove.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** A free TCP port on 127.0.0.1 (verdaccio takes a port, not 0). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts verdaccio with storage under `dir`; resolves once it answers, with its URL and a token of
 * a user created on it. `node` runs it (verdaccio 6.8 runs on Node 20).
 */
export async function startRegistry(dir, { node = process.execPath, log = () => {} } = {}) {
  fs.mkdirSync(path.join(dir, 'storage'), { recursive: true });
  const config = path.join(dir, 'config.yaml');
  fs.writeFileSync(
    config,
    [
      `storage: ${JSON.stringify(path.join(dir, 'storage'))}`,
      'auth:',
      '  htpasswd:',
      `    file: ${JSON.stringify(path.join(dir, 'htpasswd'))}`,
      '    max_users: 10',
      'uplinks: {}',
      'packages:',
      "  '@mcpkit/*':",
      '    access: $all',
      '    publish: $authenticated',
      "  '**':",
      '    access: $all',
      '    publish: $authenticated',
      'middlewares:',
      '  audit:',
      '    enabled: false',
      'max_body_size: 200mb',
      'log: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const bin = path.join(path.dirname(require.resolve('verdaccio/package.json')), 'bin', 'verdaccio');
  const child = spawn(node, [bin, '--config', config, '--listen', `127.0.0.1:${port}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (d) => ((output += d), log(d)));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  // Wait for the registry itself: it answers /-/ping once it listens.
  for (;;) {
    const gone = await Promise.race([exited, new Promise((r) => setTimeout(r, 200))]);
    if (gone) throw new Error(`verdaccio exited (${gone.code ?? gone.signal}) before answering:\n${output}`);
    const ok = await fetch(`${url}-/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
  }
  // The npm adduser call: a PUT of the user document answers with a token.
  const user = { name: 'rehearsal', password: `pw-${port}-${Date.now()}`, email: 'rehearsal@example.invalid', type: 'user', roles: [] };
  const created = await fetch(`${url}-/user/org.couchdb.user:${user.name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  const body = await created.json().catch(() => ({}));
  if (!created.ok || typeof body.token !== 'string') throw new Error(`could not create the registry user: ${created.status} ${JSON.stringify(body)}`);
  return {
    url,
    token: body.token,
    /** The `.npmrc` lines that authenticate to this registry. */
    authLine: `//127.0.0.1:${port}/:_authToken=${body.token}`,
    /** Every version the registry holds of `name` (its packument), or [] when none. */
    async versions(name) {
      const r = await fetch(`${url}${name.replace('/', '%2f')}`);
      if (r.status === 404) return [];
      const doc = await r.json();
      return Object.keys(doc.versions ?? {});
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
