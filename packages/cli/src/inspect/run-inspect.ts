import { pathToFileURL } from 'node:url';
import { basename } from 'node:path';
import { ExitCode } from '../cli/exit-codes.js';
import type { ClientSettings, Invocation } from '../cli/invocation.js';
import type { Terminal } from '../output/terminal.js';
import { routeApi } from './api-routes.js';
import { EventLog } from './event-log.js';
import { InspectSession } from './inspect-session.js';
import { servePage } from './page-server.js';
import type { EventBody, Scope } from './protocol.js';
import { Listens } from './queries.js';
import { makeSecret } from './request-guard.js';
import { ScenarioRunner } from './scenario-runner.js';
import { version } from '../../package.json';

/**
 * `mcpkit inspect (--stdio "CMD" | --url URL) [--port N]`: connects to the server, serves the
 * page on 127.0.0.1 with a secret made for this run, prints the page's URL on stdout, and runs
 * until Ctrl+C (SIGINT) or SIGTERM. Then it ends the connection (EOF on stdio, DELETE for a legacy
 * HTTP session) and exits 0.
 */
export async function runInspect(command: Extract<Invocation, { kind: 'inspect' }>['command'], settings: ClientSettings, term: Terminal): Promise<number> {
  const started = Date.now();
  const log = new EventLog(() => Date.now() - started);
  const secret = makeSecret();
  const say = (line: string): void => term.err(line);
  const session = new InspectSession(settings, (body) => log.emit('live', body), say);
  const listens = new Listens((body) => log.emit('live', body));
  const scenarios = new ScenarioRunner((scope: Scope, body: EventBody) => log.emit(scope, body));
  const target = settings.target;
  const cwd = process.cwd();
  log.emit('live', {
    type: 'hello',
    target: { kind: target.kind, label: target.kind === 'stdio' ? target.line : target.url, era: settings.era },
    version,
    roots: [{ uri: pathToFileURL(cwd).href, name: basename(cwd) || cwd }],
  });
  const refusals = new Map<string, number>();
  let server;
  try {
    server = await servePage({
      port: command.port,
      secret,
      log,
      api: (name, body) => routeApi(name, body, { session, listens, scenarios }),
      onRefused: (reason, method, path) => {
        const seen = refusals.get(reason) ?? 0;
        refusals.set(reason, seen + 1);
        // Each reason once (a page retrying in a loop must not flood the terminal).
        if (seen === 0) say(term.errStyle.yellow(`mcpkit inspect: refused ${method} ${path}: ${reason}`));
      },
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      term.err(`mcpkit: port ${command.port} on 127.0.0.1 is already in use; pick another with --port (0 = any free port)`);
      return ExitCode.Transport;
    }
    throw error;
  }
  term.out(server.url);
  say(term.errStyle.dim('mcpkit inspect: open the URL above in a browser; the secret in it is for you alone (it lets a page drive this inspector)'));
  say(term.errStyle.dim(`mcpkit inspect: ${target.kind === 'stdio' ? `server: ${target.line}` : `server: ${target.url}`}; Ctrl+C to stop`));
  const connecting = session.connect();
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  say(term.errStyle.dim('mcpkit inspect: stopping'));
  listens.closeAll();
  await session.close();
  await connecting;
  await server.close();
  return ExitCode.Ok;
}
