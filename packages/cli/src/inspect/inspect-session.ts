import { InvalidMessageError, type MessageTransport } from '@mcpkit/jsonrpc';
import { META_CLIENT_CAPABILITIES, META_SERVER_INFO } from '@mcpkit/schema';
import { connect, type DualEraClient } from '@mcpkit/legacy';
import { appsExtension } from '@mcpkit/apps-host';
import { skillsExtension } from '@mcpkit/skills-client';
import { StdioClientTransport } from '@mcpkit/stdio';
import { tasksExtension } from '@mcpkit/tasks-client';
import type { ClientSettings } from '../cli/invocation.js';
import { describeError } from '../client/describe-error.js';
import { httpAuth, type HttpAuth } from '../client/http-auth.js';
import { CLI_INFO } from '../client/open-client.js';
import { CallRunner } from './call-runner.js';
import { InputBroker } from './input-broker.js';
import { MemoryTracker } from './memory-tracker.js';
import { ApiError } from './page-server.js';
import type { EventBody, InspectEvent, ServerView, WireItem } from './protocol.js';
import { WireRecorder } from './wire-recorder.js';

/**
 * The live connection to the server the command line named, and everything the page can ask of
 * it. It connects with the dual-era `connect()` (the era probe, or `--era`), records every message
 * and exchange, the verdict, the server's stderr and its memory, and answers the server's input
 * requests from the page. It is the only thing that talks to the server: the page only ever talks
 * to this process, through the API.
 */

/** The probe waits this long before calling a silent server legacy (as the other commands do). */
const PROBE_TIMEOUT_MS = 5000;

export class InspectSession {
  readonly broker: InputBroker;
  readonly calls: CallRunner;
  private client: DualEraClient | undefined;
  private auth: HttpAuth | undefined;
  private transports: MessageTransport[] = [];
  private generation = 0;
  private closing = false;
  /** What this client last declared it can do (modern `_meta`, or the `initialize` params). */
  private declared: Record<string, unknown> = {};

  constructor(
    private readonly settings: ClientSettings,
    private readonly emit: (body: EventBody) => InspectEvent,
    private readonly say: (line: string) => void,
  ) {
    this.broker = new InputBroker(
      emit,
      () => this.soleCall(),
      () => this.client?.era ?? 'modern',
    );
    this.calls = new CallRunner({
      client: () => this.connected(),
      emit,
      broker: this.broker,
      timeoutMs: settings.timeoutMs,
      describe: (error) => this.describe(error),
    });
  }

  /** The connected client, or a clear refusal. */
  connected(): DualEraClient {
    if (this.client === undefined) throw new ApiError(409, 'not connected to the server (see the status at the top of the page)');
    return this.client;
  }

  /** What the user is told about a failure. */
  describe(error: unknown): { message: string; hint?: string } {
    if (error instanceof ApiError) return { message: error.message };
    const failure = describeError(error, this.settings.target, this.settings.timeoutMs, this.settings.auth.mode);
    return { message: failure.message, ...(failure.hint !== undefined && { hint: failure.hint }) };
  }

  /** The one call in flight, if exactly one (a legacy server's request during it belongs to it). */
  private soleCall(): string | undefined {
    const calls = this.calls.inFlight();
    return calls.length === 1 ? calls[0] : undefined;
  }

  /** Connects (again): probes or takes `--era`, then reads who the server is. */
  async connect(): Promise<void> {
    const generation = ++this.generation;
    const target = this.settings.target;
    this.emit({ type: 'status', state: 'connecting' });
    const memory = new MemoryTracker(target.kind, (view) => this.emit({ type: 'memory', memory: view }));
    const observe = (item: WireItem): void => {
      memory.wire(item);
      const message = item.message;
      if (item.dir === 'send' && 'method' in message) {
        const params = (message.params ?? {}) as Record<string, unknown>;
        const meta = params._meta as Record<string, unknown> | undefined;
        const declared = message.method === 'initialize' ? params.capabilities : meta?.[META_CLIENT_CAPABILITIES];
        if (typeof declared === 'object' && declared !== null) this.declared = declared as Record<string, unknown>;
      }
      // A legacy server's own request in the middle of a page call is one of that call's steps.
      if (item.dir === 'receive' && 'method' in message && 'id' in message) {
        const callId = this.soleCall();
        if (callId !== undefined)
          this.emit({
            type: 'call',
            call: { callId, kind: 'server-request', method: message.method, params: (message.params ?? {}) as Record<string, unknown> },
          });
      }
    };
    const recorder = new WireRecorder(this.emit, target.kind, () => this.calls.current.getStore(), observe);
    const made: MessageTransport[] = [];
    this.transports = made;
    let live: MessageTransport | undefined;
    const watch = (transport: MessageTransport): MessageTransport => {
      const watched: MessageTransport = {
        kind: transport.kind,
        name: transport.name,
        start: () => transport.start(),
        close: () => transport.close(),
        send: (message, options) => transport.send(message, options),
        onMessage: (handler) => transport.onMessage(handler),
        onError: (handler) => transport.onError(handler),
        onClose: (handler) =>
          transport.onClose((info) => {
            handler(info);
            if (watched === live && generation === this.generation && !this.closing) {
              memory.closed();
              this.client = undefined;
              this.broker.cancelAll(new Error('the connection closed'));
              this.emit({ type: 'status', state: 'closed', message: `the connection closed${info.reason ? `: ${info.reason}` : ''}` });
              this.say(`mcpkit inspect: the connection to the server closed${info.reason ? ` (${info.reason})` : ''}`);
            }
          }),
      };
      made.push(watched);
      live = watched;
      return watched;
    };
    const spawn = (): MessageTransport => {
      if (target.kind !== 'stdio') throw new Error('not a stdio target');
      return new StdioClientTransport({
        command: target.command,
        args: target.args,
        stderr: (text) => {
          this.emit({ type: 'stderr', text });
          memory.stderr(text);
        },
        shutdownGraceMs: 1000,
        killGraceMs: 1000,
      });
    };
    const auth =
      target.kind === 'http'
        ? httpAuth(target.url, this.settings.auth, {
            say: (line) => {
              this.say(line);
              this.emit({ type: 'warning', text: line });
            },
            warn: (message) => this.emit({ type: 'warning', text: message }),
            trace: undefined,
            timeoutMs: this.settings.timeoutMs,
          })
        : undefined;
    this.auth = auth;
    try {
      const client = await connect(target.kind === 'stdio' ? spawn : target.url, {
        era: this.settings.era,
        eraCache: false,
        // Every list and read goes to the server, so that the page shows it on the wire.
        cache: false,
        clientInfo: CLI_INFO,
        // Apps: the server then lists its tools with views, and the app-only ones (the page renders the views).
        extensions: [tasksExtension(), skillsExtension(), appsExtension()],
        handlers: this.broker.handlers(),
        timeoutMs: this.settings.timeoutMs,
        probeTimeoutMs:
          auth?.probeTimeoutMs !== undefined ? Math.max(auth.probeTimeoutMs, this.settings.timeoutMs) : Math.min(PROBE_TIMEOUT_MS, this.settings.timeoutMs),
        // Every log the server sends, at every level: an inspector wants to see them all.
        logLevel: 'debug',
        trace: recorder.message,
        onVerdict: (verdict) => {
          recorder.setEra(verdict.era);
          memory.setEra(verdict.era);
          this.emit({ type: 'verdict', verdict: { ...verdict } });
        },
        onLog: (log) =>
          this.emit({ type: 'log', log: { level: log.level, ...(log.logger && { logger: log.logger }), data: log.data, callIds: this.calls.inFlight() } }),
        onWarning: (text) => this.emit({ type: 'warning', text }),
        onError: (error) => {
          const text = error instanceof InvalidMessageError ? `the server wrote something that is not JSON-RPC: ${error.text ?? error.message}` : error.message;
          this.emit({ type: 'warning', text });
        },
        wrapTransport: watch,
        ...(auth?.authorizationContext !== undefined && { authorizationContext: auth.authorizationContext }),
        http: {
          onExchange: (head) => memory.exchange(recorder.exchange(head), head.message),
          ...(auth?.fetch !== undefined && { fetch: auth.fetch }),
          ...(auth?.headers !== undefined && { headers: auth.headers }),
        },
      });
      if (generation !== this.generation || this.closing) {
        await client.close().catch(() => undefined);
        return;
      }
      this.client = client;
      this.emit({ type: 'server', server: await this.serverView(client) });
      this.emit({ type: 'status', state: 'connected' });
      this.say(`mcpkit inspect: connected: ${client.era} ${client.protocolVersion} (${client.verdict.source}: ${client.verdict.reason})`);
    } catch (error) {
      const described = this.describe(error);
      this.emit({ type: 'status', state: 'failed', message: described.message, ...(described.hint && { hint: described.hint }) });
      this.say(`mcpkit inspect: could not connect: ${described.message}`);
      await Promise.all(made.map((t) => t.close().catch(() => undefined)));
    }
  }

  private async serverView(client: DualEraClient): Promise<ServerView> {
    const discovered = await client.discover();
    return {
      era: client.era,
      protocolVersion: client.protocolVersion,
      supportedVersions: discovered.supportedVersions ?? [client.protocolVersion],
      serverInfo: { ...((discovered._meta as Record<string, unknown> | undefined)?.[META_SERVER_INFO] as Record<string, unknown> | undefined) },
      capabilities: { ...discovered.capabilities },
      ...(discovered.instructions !== undefined && { instructions: discovered.instructions }),
      clientInfo: { ...CLI_INFO },
      clientCapabilities: this.declared,
    };
  }

  /** Drops the connection and connects again (the same target: only what the command line named). */
  async reconnect(): Promise<void> {
    await this.disconnect();
    await this.connect();
  }

  private async disconnect(): Promise<void> {
    this.generation++;
    this.calls.cancelAll();
    this.broker.cancelAll(new Error('the connection is closing'));
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => undefined);
    await Promise.all(this.transports.map((t) => t.close().catch(() => undefined)));
    await this.auth?.close().catch(() => undefined);
  }

  /** Ends everything: calls, waiting inputs, the client (DELETE on legacy HTTP, EOF on stdio). */
  async close(): Promise<void> {
    this.closing = true;
    await this.disconnect();
  }
}
