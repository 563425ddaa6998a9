import type { InputHandlers } from '@mcpkit/client';
import { InvalidMessageError, MessageTooLargeError, TransportClosedError, type MessageTransport } from '@mcpkit/jsonrpc';
import { connect, type DualEraClient } from '@mcpkit/legacy';
import { StdioClientTransport } from '@mcpkit/stdio';
import { GarbageOutputError } from '../cli/exit-codes.js';
import type { ClientSettings } from '../cli/invocation.js';
import type { TracePrinter } from '../output/trace-printer.js';
import type { ExchangeHead } from '../output/wire-format.js';
import { httpAuth, type SentCredentials } from './http-auth.js';
import { version } from '../../package.json';

/** What `openClient` needs besides the settings. */
export interface OpenHooks {
  readonly handlers: InputHandlers;
  /** `--trace`: sees every message and HTTP exchange, and the server's stderr. */
  readonly trace: TracePrinter | undefined;
  /** `--otel`: wraps every transport (`instrumentTransport`). */
  readonly wrapTransport?: (transport: MessageTransport) => MessageTransport;
  /** Called once when the server writes something that is not JSON-RPC on its stdout. */
  readonly onGarbage: (error: GarbageOutputError) => void;
  readonly onWarning: (message: string) => void;
  /** A line for the user on stderr (the sign-in's authorization URL). */
  readonly say: (line: string) => void;
}

/** The `clientInfo` mcpkit sends. */
export const CLI_INFO = { name: 'mcpkit', version } as const;

/** The probe waits at most this long for an answer before calling the server legacy. */
const PROBE_TIMEOUT_MS = 5000;

/** A connected client and what it took to get it (so everything can be shut down). */
export interface OpenClient {
  readonly client: DualEraClient;
  /** Closes the client and any process it started, even one left behind by a failed probe. */
  close(): Promise<void>;
}

/**
 * Connects to the target in the era asked for, with the dual-era `connect()` of `@mcpkit/legacy`:
 * `auto` probes (`server/discover`, then `initialize` when the server is legacy), `modern` and
 * `legacy` skip the probe. Stdio transports are made here so that the CLI can watch them: a server
 * writing garbage on stdout is reported at once instead of leaving the request to time out.
 */
export async function openClient(settings: ClientSettings, hooks: OpenHooks, signal: AbortSignal): Promise<OpenClient> {
  const made: MessageTransport[] = [];
  const target = settings.target;
  const trace = hooks.trace;
  let abandoned = false;
  const spawn = (): MessageTransport => {
    if (target.kind !== 'stdio') throw new Error('not a stdio target');
    // Once the command gave up, a connect() still running in the background must not start servers.
    if (abandoned) throw new TransportClosedError('the command was abandoned');
    const transport = new StdioClientTransport({
      command: target.command,
      args: target.args,
      stderr: trace ? trace.serverStderr : 'pipe',
      shutdownGraceMs: 1000,
      killGraceMs: 1000,
    });
    const watched = watchForGarbage(transport, hooks.onGarbage);
    made.push(watched);
    return watched;
  };
  // HTTP: signing in (withOAuth and a loopback listener started only for a sign-in), --token, or --no-auth.
  const auth =
    target.kind === 'http' ? httpAuth(target.url, settings.auth, { say: hooks.say, warn: hooks.onWarning, trace, timeoutMs: settings.timeoutMs }) : undefined;
  const closeAll = async (): Promise<void> => {
    await Promise.all(made.map((t) => t.close().catch(() => undefined)));
    await auth?.close().catch(() => undefined);
  };
  const connecting = connect(target.kind === 'stdio' ? spawn : target.url, {
    era: settings.era,
    eraCache: false,
    ...(hooks.wrapTransport && { wrapTransport: hooks.wrapTransport }),
    clientInfo: CLI_INFO,
    handlers: hooks.handlers,
    timeoutMs: settings.timeoutMs,
    // A sign-in happens inside the first request, the probe: it must not read as a silent legacy server.
    probeTimeoutMs: auth?.probeTimeoutMs !== undefined ? Math.max(auth.probeTimeoutMs, settings.timeoutMs) : Math.min(PROBE_TIMEOUT_MS, settings.timeoutMs),
    trace: trace?.message,
    ...(trace && { onVerdict: trace.verdict }),
    ...(auth?.authorizationContext !== undefined && { authorizationContext: auth.authorizationContext }),
    http: {
      ...(trace && { onExchange: auth?.sentCredentials === undefined ? trace.exchange : withSentCredentials(trace.exchange, auth.sentCredentials) }),
      ...(auth?.fetch !== undefined && { fetch: auth.fetch }),
      ...(auth?.headers !== undefined && { headers: auth.headers }),
    },
    onWarning: hooks.onWarning,
    // An unreadable line is reported once, as garbage on stdout (watchForGarbage), not as a warning per line.
    onError: (error) => {
      if (!(target.kind === 'stdio' && error instanceof InvalidMessageError)) hooks.onWarning(error.message);
    },
  });
  const aborted = new Promise<never>((_, reject) => {
    const fail = (): void => reject(signal.reason);
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
  try {
    const client = await Promise.race([connecting, aborted]);
    return {
      client,
      async close() {
        await client.close().catch(() => undefined);
        await closeAll();
      },
    };
  } catch (error) {
    abandoned = true;
    connecting
      .then(
        (client) => client.close(),
        () => undefined,
      )
      .catch(() => undefined);
    await closeAll();
    throw error;
  }
}

/** The exchange as it left `withOAuth`: with `Authorization` and a DPoP proof (both masked by the trace) once signed in. */
function withSentCredentials(exchange: (head: ExchangeHead) => void, sentCredentials: () => SentCredentials | undefined): (head: ExchangeHead) => void {
  return (head) => {
    const sent = sentCredentials();
    if (sent === undefined || Object.keys(head.requestHeaders).some((name) => name.toLowerCase() === 'authorization')) return exchange(head);
    exchange({ ...head, requestHeaders: { ...head.requestHeaders, authorization: `${sent.scheme} ***`, ...(sent.proof && { dpop: '***' }) } });
  };
}

/** Reports the first non-JSON-RPC line a transport reads (oversized lines are another matter). */
function watchForGarbage(transport: MessageTransport, onGarbage: (error: GarbageOutputError) => void): MessageTransport {
  let reported = false;
  return {
    kind: transport.kind,
    name: transport.name,
    start: () => transport.start(),
    close: () => transport.close(),
    send: (message, options) => transport.send(message, options),
    onMessage: (handler) => transport.onMessage(handler),
    onClose: (handler) => transport.onClose(handler),
    onError: (handler) =>
      transport.onError((error) => {
        if (!reported && error instanceof InvalidMessageError && !(error instanceof MessageTooLargeError)) {
          reported = true;
          const text = error.text ?? error.message;
          onGarbage(new GarbageOutputError(text.length > 120 ? `${text.slice(0, 120)}…` : text));
        }
        handler(error);
      }),
  };
}
