import { ExitCode, UsageError } from '../cli/exit-codes.js';
import type { ServeCommand } from '../cli/invocation.js';
import type { Terminal } from '../output/terminal.js';
import { serveStdioExample, startHttpExample } from '../serve/example-server.js';
import { loadTelemetry, type Telemetry } from '../telemetry/load-telemetry.js';

const WHAT: Readonly<Record<ServeCommand['era'], string>> = {
  dual: '2026-07-28 and 2025-11-25',
  modern: '2026-07-28 only',
  legacy: '2025-11-25 only',
};

/**
 * `mcpkit serve-example`: runs examples/everything until stdin ends (stdio) or until SIGINT /
 * SIGTERM (HTTP). The banner goes to stderr; over stdio, stdout carries only MCP messages.
 */
export async function serveExample(command: ServeCommand, term: Terminal): Promise<number> {
  const telemetry = command.otel ? await loadTelemetry((line) => term.err(line)) : undefined;
  try {
    return await serve(command, term, telemetry);
  } finally {
    await telemetry?.shutdown();
  }
}

async function serve(command: ServeCommand, term: Terminal, telemetry: Telemetry | undefined): Promise<number> {
  const instrument = telemetry?.server();
  const spans = telemetry === undefined ? '' : `; OpenTelemetry spans on ${telemetry.destination}`;
  if (command.transport === 'stdio') {
    term.err(term.errStyle.dim(`mcpkit serve-example: examples/everything on stdio (${WHAT[command.era]}); end stdin to stop${spans}`));
    await serveStdioExample({ era: command.era, reportMemory: command.reportMemory, instrument });
    return ExitCode.Ok;
  }
  if (command.reportMemory)
    throw new UsageError('--report-memory works with --transport stdio only (over HTTP, the session store can be read in-process)', 'serve-example');
  let example;
  try {
    example = await startHttpExample({ era: command.era, host: command.host, port: command.port, instrument });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      term.err(`mcpkit: port ${command.port} on ${command.host} is already in use; pick another with --port (0 = any free port)`);
      return ExitCode.Transport;
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EACCES') {
      term.err(`mcpkit: cannot listen on ${command.host}:${command.port} (${code})`);
      return ExitCode.Transport;
    }
    throw error;
  }
  term.err(`mcpkit serve-example: examples/everything (${WHAT[command.era]}) on ${example.endpoint}${spans}`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await example.close();
  return ExitCode.Ok;
}
