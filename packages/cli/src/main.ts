import { parseCommandLine } from './cli/args.js';
import { ExitCode, UsageError } from './cli/exit-codes.js';
import { commandHelp, mainHelp } from './cli/usage.js';
import { runClientCommand } from './commands/run-client.js';
import { serveExample } from './commands/serve-example.js';
import { runDemo } from './demo/run-demo.js';
import { processTerminal, type Terminal } from './output/terminal.js';
import { version } from '../package.json';

/**
 * The `mcpkit` command: parses `argv` (without `node` and the script), runs the command and
 * resolves with the exit code. Usage mistakes print their message and a pointer to the help.
 *
 * @example process.exitCode = await main(['discover', '--url', 'http://127.0.0.1:3000/mcp']);
 */
export async function main(argv: readonly string[], terminal?: Terminal): Promise<number> {
  let term = terminal ?? processTerminal(undefined);
  try {
    const invocation = parseCommandLine(argv);
    switch (invocation.kind) {
      case 'version':
        term.out(version);
        return ExitCode.Ok;
      case 'help': {
        const text = invocation.topic === undefined ? mainHelp() : commandHelp(invocation.topic);
        if (text === undefined) throw new UsageError(`no help for ${JSON.stringify(invocation.topic)}: not a command (see mcpkit --help)`);
        term.out(text);
        return ExitCode.Ok;
      }
      case 'serve':
        return await serveExample(invocation.command, term);
      case 'demo':
        if (terminal === undefined) term = processTerminal(invocation.color);
        return await runDemo(invocation.command, term);
      case 'inspect':
        // Loaded on first use: the other commands never pay for the page server.
        return await (await import('./inspect/run-inspect.js')).runInspect(invocation.command, invocation.settings, term);
      case 'client':
        if (terminal === undefined) term = processTerminal(invocation.color);
        return await runClientCommand(invocation.command, invocation.settings, term);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      term.err(`mcpkit: ${error.message}`);
      term.err(error.command ? `  see: mcpkit help ${error.command}` : '  see: mcpkit --help');
      return ExitCode.Usage;
    }
    const detail = error instanceof Error ? (process.env.MCPKIT_DEBUG ? (error.stack ?? error.message) : error.message) : String(error);
    term.err(`mcpkit: ${detail}`);
    return ExitCode.Transport;
  }
}
