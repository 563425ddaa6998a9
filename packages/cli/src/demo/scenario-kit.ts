import type { ModernClientOptions } from '@mcpkit/client';
import type { JsonRpcRequest, RequestId } from '@mcpkit/jsonrpc';
import type { ConnectOptions, ConnectTarget } from '@mcpkit/legacy';
import type { ElicitRequestFormParams, ElicitResult } from '@mcpkit/schema';
import type { DemoFault } from '../cli/invocation.js';
import type { ExchangeHead } from '../output/wire-format.js';
import type { ServedEra } from '../serve/example-server.js';
import type { DemoServer } from './demo-servers.js';
import type { Transcript } from './transcript.js';
import { tapTransport, type WireLog } from './wire-log.js';

/** A step of the demo did not behave as the protocol says. */
export class CheckFailed extends Error {
  override readonly name = 'CheckFailed';
}

/** Throws `CheckFailed` unless `condition` holds; `expected` reads as a sentence ("the retry has a new id"). */
export function expectThat(condition: boolean, expected: string, actually?: string): asserts condition {
  if (!condition) throw new CheckFailed(`expected ${expected}${actually ? `, but ${actually}` : ''}`);
}

/** What a scenario gets from the demo runner. */
export interface ScenarioContext {
  readonly kind: 'stdio' | 'http';
  readonly t: Transcript;
  readonly fault: DemoFault | undefined;
  /** Starts this scenario's server (the runner closes it). */
  server(era: ServedEra): Promise<DemoServer & { readonly endpoint?: string }>;
}

/** The `clientInfo` of the demo's clients. */
export const DEMO_CLIENT = { name: 'mcpkit-demo', version: '1.0.0' } as const;

/**
 * Options every demo client shares: no cache (every step really goes to the server), quiet
 * warnings, and time enough for a stdio server to start on a busy machine (the first request's
 * clock starts when the process is spawned; the probe must see the legacy server's answer, not
 * give up waiting for it).
 */
export const QUIET: Pick<ModernClientOptions, 'cache' | 'onWarning' | 'clientInfo' | 'timeoutMs'> & Pick<ConnectOptions, 'probeTimeoutMs'> = {
  cache: false,
  onWarning: () => undefined,
  clientInfo: DEMO_CLIENT,
  timeoutMs: 30_000,
  probeTimeoutMs: 20_000,
};

/** The user of the demo: answers a form with a fixed persona (Ada), saying so in the transcript. */
export function demoUser(t: Transcript) {
  const persona: Record<string, unknown> = { name: 'Ada', username: 'ada', email: 'ada@example.com', ok: true, color: 'teal' };
  return (params: ElicitRequestFormParams): ElicitResult => {
    const content: Record<string, string | number | boolean> = {};
    for (const [field, schema] of Object.entries(params.requestedSchema.properties ?? {})) {
      const value = persona[field] ?? (schema as { default?: unknown }).default;
      if (value !== undefined) content[field] = value as string | number | boolean;
    }
    t.note(`the user sees "${params.message}" and answers ${JSON.stringify(content)}`);
    return { action: 'accept', content };
  };
}

/** Where `connect()` goes for this server, with the wire recorded at the transport (stdio) or by the client and HTTP hooks. */
export function connectTarget(server: DemoServer & { readonly endpoint?: string }, log: WireLog): { target: ConnectTarget; options: Partial<ConnectOptions> } {
  if (server.endpoint !== undefined) return { target: server.endpoint, options: { trace: log.message, http: { onExchange: log.exchange } } };
  return { target: () => tapTransport(server.transport(log), log), options: {} };
}

/** The protocol version a modern request declared in `_meta`. */
export function declaredVersion(request: JsonRpcRequest | undefined): unknown {
  return (request?.params?._meta as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/protocolVersion'];
}

/** Shows the server's memory after request `after`, and checks how many sessions it holds. */
export async function showMemory(ctx: ScenarioContext, server: DemoServer, after: RequestId | undefined, expected: number, extra?: string) {
  const sessions = await server.sessions(after);
  ctx.t.memory(sessions, extra);
  expectThat(sessions.length === expected, `the server to hold ${expected} session(s)`, `it holds ${sessions.length}`);
  return sessions;
}

/** The first request sent, or a failed check naming the method. */
export function sentRequest(log: WireLog, method: string, index = 0): JsonRpcRequest {
  const request = log.sentRequests(method)[index];
  expectThat(request !== undefined, `a ${method} request${index > 0 ? ` (#${index + 1})` : ''} on the wire`, 'none was sent');
  return request;
}

/** A request header of a recorded exchange, whatever the case of its name. */
export function requestHeader(head: ExchangeHead, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(head.requestHeaders)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/** Ends a legacy session and checks how: DELETE and an empty store on HTTP, the process exiting on stdio. */
export async function legacyShutdown(ctx: ScenarioContext, server: DemoServer, log: WireLog, client: { close(): Promise<void> }): Promise<void> {
  ctx.t.note('shutdown');
  await client.close();
  if (ctx.kind === 'http') {
    const ended = log.exchanges().find((head) => head.method === 'DELETE');
    expectThat(ended !== undefined && ended.status < 300, 'a DELETE ending the session', ended ? `it got ${ended.status}` : 'none was sent');
    await showMemory(ctx, server, undefined, 0, 'DELETE ended the session');
    ctx.t.pass('DELETE with the session id; the server forgot the session');
  } else {
    const exit = server.lastExit;
    expectThat(exit?.code === 0 && exit.signal === null, 'the server to exit on end of input', `it ended ${JSON.stringify(exit)}`);
    ctx.t.pass('stdin closed; the session lived in the server process and ended with it (code 0)');
  }
}
