import { ExitCode } from '../cli/exit-codes.js';
import type { DemoCommand } from '../cli/invocation.js';
import type { Terminal } from '../output/terminal.js';
import type { ServedEra } from '../serve/example-server.js';
import { httpServer, stdioServer, type DemoServer } from './demo-servers.js';
import { legacyScenario } from './scenario-legacy.js';
import { modernScenario } from './scenario-modern.js';
import { probeScenario } from './scenario-probe.js';
import { versionScenario } from './scenario-version.js';
import { CheckFailed, type ScenarioContext } from './scenario-kit.js';
import { Transcript } from './transcript.js';

/** The four scenarios of the lifecycle lesson, in order (the inspector replays them too). */
export const SCENARIOS: readonly { readonly title: string; readonly run: (ctx: ScenarioContext) => Promise<void> }[] = [
  { title: 'Modern: discover → call → input required → retry → shutdown', run: modernScenario },
  { title: 'Legacy: initialize → initialized → a call with a server-initiated elicitation', run: legacyScenario },
  { title: 'Version mismatch: -32022, pick from supported, retry', run: versionScenario },
  { title: 'Dual-era probe: a legacy server answers server/discover with an error; the client falls back', run: probeScenario },
];

/**
 * `mcpkit demo`: the four scenarios of the lifecycle lesson, run for real between the mcpkit client
 * and examples/everything, over stdio and over HTTP on 127.0.0.1. Every message in the transcript is
 * one the transports carried; every step checks what the protocol says must happen, and any step
 * that misbehaves fails its scenario and makes the demo exit 1.
 */
export async function runDemo(command: DemoCommand, term: Terminal): Promise<number> {
  const style = term.outStyle;
  const started = Date.now();
  term.out(style.bold('mcpkit demo: the four lifecycle scenarios, for real, message by message'));
  term.out(style.dim('→ client to server, ← server to client; "server memory" is what the server itself says it holds between requests'));
  let passed = 0;
  const failed: string[] = [];
  for (const kind of command.transports) {
    const t = new Transcript(term, kind);
    t.section(kind === 'stdio' ? 'over stdio: one JSON-RPC message per line' : 'over Streamable HTTP: one POST per message');
    for (const [index, scenario] of SCENARIOS.entries()) {
      t.scenario(index + 1, scenario.title);
      const servers: DemoServer[] = [];
      const ctx: ScenarioContext = {
        kind,
        t,
        fault: command.fault,
        async server(era: ServedEra) {
          const server = kind === 'stdio' ? stdioServer(era) : await httpServer(era);
          servers.push(server);
          return server;
        },
      };
      const begun = Date.now();
      try {
        await scenario.run(ctx);
        passed++;
        t.done(true, Date.now() - begun);
      } catch (error) {
        t.fail(error instanceof CheckFailed ? error.message : `the step broke: ${error instanceof Error ? error.message : String(error)}`);
        failed.push(`${kind} ${index + 1}`);
        t.done(false, Date.now() - begun);
      } finally {
        await Promise.all(servers.map((s) => s.close().catch(() => undefined)));
      }
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  term.out('');
  if (failed.length === 0) {
    term.out(style.green(style.bold(`All ${passed} scenario runs behaved as the protocol says (${seconds} s).`)));
    return ExitCode.Ok;
  }
  term.out(style.red(style.bold(`${failed.length} scenario run(s) misbehaved: ${failed.join(', ')} (${seconds} s).`)));
  term.err(`mcpkit demo: ${failed.length} scenario run(s) failed their checks`);
  return ExitCode.ServerError;
}
