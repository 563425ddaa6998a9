import type { InputHandlers } from '@mcpkit/client';
import { appsExtension } from '@mcpkit/apps-host';
import { skillsExtension } from '@mcpkit/skills-client';
import { ExitCode, type GarbageOutputError } from '../cli/exit-codes.js';
import type { ClientCommand, ClientSettings } from '../cli/invocation.js';
import { describeError } from '../client/describe-error.js';
import { diagnoseHttpSseServer, diagnoseLegacyServer } from '../client/era-diagnosis.js';
import { openClient, type OpenClient } from '../client/open-client.js';
import { AnswerQueue } from '../input/answers.js';
import { InputFailures } from '../input/input-failures.js';
import { interactiveHandlers } from '../input/interactive.js';
import { LineReader } from '../input/line-reader.js';
import { ProgressDisplay } from '../output/progress.js';
import type { Terminal } from '../output/terminal.js';
import { TracePrinter } from '../output/trace-printer.js';
import { loadTelemetry } from '../telemetry/load-telemetry.js';
import { callTool, complete, getPrompt, readResource } from './calls.js';
import type { CommandContext } from './context.js';
import { Interrupted, listen } from './listen.js';
import { discover, listPrompts, listResources, listTemplates, listTools } from './queries.js';
import { listApps, openApp } from './apps.js';
import { getSkill, listSkills } from './skills.js';
import { cancelTask, getTask, listTasks, taskResult } from './tasks.js';

function run(ctx: CommandContext, command: ClientCommand): Promise<number> {
  switch (command.name) {
    case 'discover':
      return discover(ctx);
    case 'tools list':
      return listTools(ctx);
    case 'tools call':
      return callTool(ctx, command);
    case 'resources list':
      return listResources(ctx);
    case 'resources read':
      return readResource(ctx, command);
    case 'templates list':
      return listTemplates(ctx);
    case 'prompts list':
      return listPrompts(ctx);
    case 'prompts get':
      return getPrompt(ctx, command);
    case 'skills list':
      return listSkills(ctx);
    case 'skills get':
      return getSkill(ctx, command);
    case 'apps list':
      return listApps(ctx);
    case 'apps open':
      return openApp(ctx, command);
    case 'complete':
      return complete(ctx, command);
    case 'listen':
      return listen(ctx, command);
    case 'tasks list':
      return listTasks(ctx);
    case 'tasks get':
      return getTask(ctx, command.taskId);
    case 'tasks result':
      return taskResult(ctx, command.taskId);
    case 'tasks cancel':
      return cancelTask(ctx, command.taskId);
  }
}

/**
 * Runs one command that talks to a server: sets up input (prompts or `--answers`), the trace and
 * the progress display, connects in the era asked for, runs the command, and turns any failure
 * into a clear message and its exit code. Ctrl+C cancels; a second Ctrl+C exits at once.
 */
export async function runClientCommand(command: ClientCommand, settings: ClientSettings, term: Terminal): Promise<number> {
  const controller = new AbortController();
  const failures = new InputFailures();
  const progress = new ProgressDisplay(term.errRaw, term.errStyle, term.errIsTTY);
  const trace = settings.trace ? new TracePrinter((line) => (progress.clear(), term.err(line)), term.errStyle, settings.target.kind) : undefined;
  // --otel: loaded before anything starts, so that a CLI without the optional SDK fails at once with what to install.
  const telemetry = settings.otel ? await loadTelemetry((line) => (progress.clear(), term.err(line))) : undefined;
  const reader = new LineReader();
  let queue: AnswerQueue | undefined;
  let handlers: InputHandlers = {};
  let garbage: GarbageOutputError | undefined;
  let interrupts = 0;
  let finishing = false;
  const onSigint = (): void => {
    if (++interrupts > 1) process.exit(130);
    controller.abort(new Interrupted());
  };
  process.on('SIGINT', onSigint);
  let open: OpenClient | undefined;
  try {
    if (settings.answers !== undefined) {
      queue = new AnswerQueue(settings.answers, failures);
      handlers = queue.handlers();
    } else if (term.inIsTTY || settings.interactive) {
      handlers = interactiveHandlers({
        reader,
        style: term.errStyle,
        say: (line) => term.err(line),
        pause: () => progress.suspend(),
        resume: () => progress.resume(),
        failures,
      });
    }
    progress.start(settings.era === 'auto' ? 'connecting' : `connecting (${settings.era})`);
    open = await openClient(
      settings,
      {
        handlers,
        trace,
        wrapTransport: telemetry?.transport,
        // The skills and apps commands declare their extension; the others declare none, as before.
        extensions: command.name.startsWith('skills ') ? [skillsExtension()] : command.name.startsWith('apps ') ? [appsExtension()] : undefined,
        onGarbage: (error) => {
          garbage = error;
          controller.abort(error);
        },
        say: (line) => {
          progress.clear();
          term.err(line);
        },
        onWarning: (message) => {
          // A failed input handler is reported once, as the command's error.
          const failure = failures.failure;
          if (finishing || (failure !== undefined && message.includes(failure.message))) return;
          progress.clear();
          term.err(term.errStyle.yellow(`mcpkit: warning: ${message}`));
        },
      },
      controller.signal,
    );
    const code = await run({ client: open.client, term, settings, signal: controller.signal, progress, handlers }, command);
    if (queue !== undefined && queue.unused > 0)
      term.err(term.errStyle.yellow(`mcpkit: warning: ${queue.unused} of ${settings.answers!.length} --answers item(s) were not used`));
    return code;
  } catch (caught) {
    progress.stop();
    if (controller.signal.reason instanceof Interrupted) {
      term.err('mcpkit: interrupted');
      return 130;
    }
    const error = garbage ?? failures.failure ?? caught;
    const failure = describeError(error, settings.target, settings.timeoutMs, settings.auth.mode);
    const sse = settings.era === 'modern' && settings.target.kind === 'http' ? await diagnoseHttpSseServer(settings.target.url, error, {}, 5000) : undefined;
    const legacy =
      sse ?? (settings.era === 'modern' && open !== undefined ? await diagnoseLegacyServer(open.client, error, AbortSignal.timeout(5000)) : undefined);
    const message = legacy ?? failure.message;
    const code = legacy !== undefined ? ExitCode.ServerError : failure.code;
    if (settings.json && failure.rpcError !== undefined && legacy === undefined) term.out(JSON.stringify({ error: failure.rpcError }, null, 2));
    term.err(term.errStyle.red(`mcpkit: ${message}`));
    if (failure.hint !== undefined && legacy === undefined) term.err(term.errStyle.dim(`  ${failure.hint}`));
    return code;
  } finally {
    finishing = true; // what fails while shutting down (an unsubscribe cut short) is no news to the user
    progress.stop();
    process.off('SIGINT', onSigint);
    reader.close();
    await open?.close();
    await telemetry?.shutdown();
  }
}
