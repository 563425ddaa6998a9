import { createHttpHandler } from '@mcpkit/http';
import { serveHttp } from '@mcpkit/http/node';
import type { Dispatcher, JsonRpcRequest } from '@mcpkit/jsonrpc';
import { dualEra, type DualEraServer, type LegacySessionInfo, type SessionStore } from '@mcpkit/legacy';
import { legacyTasks } from '@mcpkit/legacy/tasks';
import type { McpServer } from '@mcpkit/server';
import type { ServerInstrumentation } from '@mcpkit/otel';
import { serveStdio } from '@mcpkit/stdio';
import { createTasksServer } from '@mcpkit/tasks/server';
import { loadEverything, type ExampleServerOptions } from './example-module.js';
import { reportingDispatcher } from './memory-report.js';

/**
 * examples/everything served the three ways `serve-example --era` names: `dual` (both revisions on
 * one endpoint or process), `modern` (2026-07-28 only) and `legacy` (2025-11-25 only: `dualEra`
 * with its modern door shut, so a modern request gets what a legacy server answers).
 */

export type ServedEra = 'dual' | 'modern' | 'legacy';

/** A running example over HTTP. */
export interface HttpExample {
  /** The MCP endpoint, `http://HOST:PORT/mcp`. */
  readonly endpoint: string;
  /** The dual-era server (absent for `modern`), e.g. to look at its session store. */
  readonly dual: DualEraServer | undefined;
  /** Stops listening, ends every session and stream. */
  close(): Promise<void>;
}

/** Options of the example servers. */
export interface ExampleOptions {
  readonly era: ServedEra;
  /** Where legacy HTTP sessions live (default: the dual server's own in-memory store). */
  readonly sessions?: SessionStore;
  /** Told about each legacy session that starts. */
  readonly onSessionStart?: (session: LegacySessionInfo) => void;
  /** `--otel`: the hooks of `@mcpkit/otel` (a span per request, legacy session durations). */
  readonly instrument?: ServerInstrumentation;
  /** Options of the example server itself (state keys, page size...). */
  readonly server?: ExampleServerOptions;
}

/**
 * `test_reconnection` is answered by polling on legacy HTTP (2025-11-25 transports.mdx; the suite's
 * server-sse-polling): its SSE reply is closed after 50 ms while the tool works, and the client
 * gets the result by resuming with GET and `Last-Event-ID`.
 */
function polled(request: JsonRpcRequest): number | undefined {
  return request.method === 'tools/call' && (request.params as { name?: unknown } | undefined)?.name === 'test_reconnection' ? 50 : undefined;
}

async function build(options: ExampleOptions): Promise<{ server: McpServer; dual: DualEraServer | undefined }> {
  const { createEverythingServer, everythingApps } = await loadEverything();
  const instrument = options.instrument;
  // One tasks engine for both eras: the 2026-07-28 extension and the 2025-11-25 core tasks.
  const tasks = createTasksServer({ pollIntervalMs: 250 });
  // One Apps extension for both eras too: its views and app tools for a 2025-11-25 session that declared it.
  const apps = everythingApps();
  const server = createEverythingServer({ ...options.server, tasks, apps, ...(instrument === undefined ? {} : { around: instrument.around }) });
  if (options.era === 'modern') return { server, dual: undefined };
  const onSessionStart = options.onSessionStart;
  const dual = dualEra(server, {
    extensions: [legacyTasks(tasks), apps.legacy],
    modern: options.era === 'dual',
    http: { closeStreamAfterMs: polled },
    sessions: options.sessions,
    ...instrument?.legacy,
    onSessionStart:
      instrument === undefined
        ? onSessionStart
        : (session) => {
            instrument.legacy.onSessionStart(session);
            onSessionStart?.(session);
          },
    onError: (error) => console.error('mcpkit serve-example:', error),
  });
  return { server, dual };
}

/**
 * Serves the example over Streamable HTTP on `host:port` (port 0: any free port).
 *
 * @example const { endpoint, close } = await startHttpExample({ era: 'dual', host: '127.0.0.1', port: 0 });
 */
export async function startHttpExample(options: ExampleOptions & { readonly host: string; readonly port: number }): Promise<HttpExample> {
  const { server, dual } = await build(options);
  const handler = createHttpHandler(dual ?? server);
  const node = await serveHttp(handler, { host: options.host, port: options.port });
  return {
    endpoint: new URL('mcp', node.url).href,
    dual,
    async close() {
      await node.close();
      await dual?.close();
      await server.close();
    },
  };
}

/**
 * Serves the example on this process's stdin/stdout until stdin ends; `reportMemory` writes a
 * memory line on stderr after each request (see `memory-report.ts`).
 */
export async function serveStdioExample(options: ExampleOptions & { readonly reportMemory: boolean }): Promise<void> {
  const sessions = new Map<string, LegacySessionInfo>();
  const { server, dual } = await build({
    ...options,
    onSessionStart: (session) => {
      sessions.set(session.id, session);
      options.onSessionStart?.(session);
    },
  });
  let dispatcher: Dispatcher = dual ?? server;
  if (options.reportMemory) {
    dispatcher = reportingDispatcher(
      dispatcher,
      options.era,
      () => [...sessions.values()],
      (line) => void process.stderr.write(line),
    );
  }
  const stdio = serveStdio(dispatcher, { onError: (error) => console.error(`mcpkit serve-example: ${error.message}`) });
  await stdio.closed;
}
