/**
 * The four scenarios of the lesson "The lifecycle, step by step", as reusable drivers: each one
 * connects to a target (spawn options or a URL), runs its flow through the public API of
 * `@mcpkit/legacy`, reports every JSON-RPC message to `trace` and every HTTP exchange to
 * `onExchange`, narrates with `say`, and shuts down. The tests run them over stdio and HTTP; the
 * demo can lift this file as it is (import from '@mcpkit/legacy' instead of the source path).
 *
 * They expect examples/everything (its `test_elicitation` and `echo` tools) made dual-era with
 * `dualEra`, and, for the fallback, a server that speaks only the session era.
 */
import type { WireTrace } from '@mcpkit/client';
import type { ElicitResult } from '@mcpkit/schema';
import { connect, type ConnectTarget, type EraVerdict } from '../../../src/index.js';
import type { HttpExchangeInfo } from '@mcpkit/http';

/** What a scenario reports to its caller. */
export interface ScenarioOptions {
  /** Every JSON-RPC message sent and received, in order. */
  trace?: WireTrace;
  /** Every HTTP exchange (method, status, headers), when the target is a URL. */
  onExchange?: (exchange: HttpExchangeInfo) => void;
  /** One line of narration per step. */
  say?: (line: string) => void;
  /** How long the era probe waits (default 5000 ms); raise it for servers slow to start. */
  probeTimeoutMs?: number;
}

/** How a scenario ended. */
export interface ScenarioOutcome {
  readonly era: 'modern' | 'legacy';
  readonly protocolVersion: string;
  readonly verdict: EraVerdict;
  /** The text of the tool result the scenario was after. */
  readonly answer: string;
}

/** The user confirms the form the server asks for. */
function confirm(say: (line: string) => void) {
  return (params: { message: string }): ElicitResult => {
    say(`the server asks: "${params.message}"; the user fills in the form`);
    return { action: 'accept', content: { username: 'ada', email: 'ada@example.com' } };
  };
}

function textOf(result: { content: Array<{ type: string; text?: string }> }): string {
  const block = result.content.find((item) => item.type === 'text');
  return block?.text ?? '';
}

/** 1. Modern: discover, a call that needs input (`input_required`), the retry with a new id, shutdown. */
export async function modernScenario(target: ConnectTarget, options: ScenarioOptions = {}): Promise<ScenarioOutcome> {
  const say = options.say ?? (() => undefined);
  const client = await connect(target, {
    eraCache: false,
    probeTimeoutMs: options.probeTimeoutMs,
    handlers: { elicitation: { form: confirm(say) } },
    trace: options.trace,
    http: { onExchange: options.onExchange },
  });
  try {
    say(`era ${client.era}: ${client.verdict.reason}`);
    const info = await client.discover();
    say(`the server supports ${info.supportedVersions.join(', ')}`);
    const result = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Please confirm your account' } });
    say("the retry carried the answer and the server's requestState; the call completed");
    return { era: client.era, protocolVersion: client.protocolVersion, verdict: client.verdict, answer: textOf(result) };
  } finally {
    say('shutdown: stdio closes stdin; HTTP has nothing to tear down');
    await client.close();
  }
}

/** 2. Legacy: initialize, initialized, a call during which the server sends `elicitation/create`, shutdown. */
export async function legacyScenario(target: ConnectTarget, options: ScenarioOptions = {}): Promise<ScenarioOutcome> {
  const say = options.say ?? (() => undefined);
  const client = await connect(target, {
    era: 'legacy',
    handlers: { elicitation: { form: confirm(say) } },
    trace: options.trace,
    http: { onExchange: options.onExchange },
  });
  try {
    say(`initialized a ${client.protocolVersion} session`);
    const result = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Please confirm your account' } });
    say('the server-initiated request was answered; the call completed');
    return { era: client.era, protocolVersion: client.protocolVersion, verdict: client.verdict, answer: textOf(result) };
  } finally {
    say('shutdown: stdio closes stdin; HTTP sends DELETE with the session id');
    await client.close();
  }
}

/** 3. Version mismatch: a call naming a version the server does not serve gets -32022 and is retried with one it does. */
export async function versionRetryScenario(target: ConnectTarget, options: ScenarioOptions = {}): Promise<ScenarioOutcome> {
  const say = options.say ?? (() => undefined);
  const client = await connect(target, {
    era: 'modern',
    protocolVersions: ['2027-01-01', '2026-07-28'],
    trace: options.trace,
    http: { onExchange: options.onExchange },
  });
  try {
    say('a client that prefers 2027-01-01 calls a tool directly, without discover');
    const result = await client.callTool({ name: 'echo', arguments: { text: 'one extra round trip' } });
    say(`-32022 named the supported versions; the retry used ${client.protocolVersion}`);
    return { era: client.era, protocolVersion: client.protocolVersion, verdict: client.verdict, answer: textOf(result) };
  } finally {
    await client.close();
  }
}

/** 4. The dual-era probe falling back: `server/discover` is refused the legacy way, and the client runs `initialize`. */
export async function fallbackScenario(target: ConnectTarget, options: ScenarioOptions = {}): Promise<ScenarioOutcome> {
  const say = options.say ?? (() => undefined);
  const client = await connect(target, {
    eraCache: false,
    probeTimeoutMs: options.probeTimeoutMs,
    handlers: { elicitation: { form: confirm(say) } },
    trace: options.trace,
    http: { onExchange: options.onExchange },
  });
  try {
    say(`the probe decided ${client.era}: ${client.verdict.reason}`);
    const result = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Please confirm your account' } });
    return { era: client.era, protocolVersion: client.protocolVersion, verdict: client.verdict, answer: textOf(result) };
  } finally {
    await client.close();
  }
}
