import { ModernClient } from '@mcpkit/client';
import type { CallToolResult } from '@mcpkit/schema';
import { declaredVersion, demoUser, QUIET, sentRequest, showMemory, expectThat, type ScenarioContext } from './scenario-kit.js';
import { tamperRequestState, tapTransport, WireLog } from './wire-log.js';

/**
 * Scenario 1, modern: discover → call → input required → retry with a new id and the echoed
 * requestState → shutdown (EOF on stdio, nothing on HTTP). The server remembers nothing.
 */
export async function modernScenario(ctx: ScenarioContext): Promise<void> {
  const { t } = ctx;
  const server = await ctx.server('dual');
  t.note(`server: ${server.label}`);
  const log = new WireLog(t.wire);
  let transport = tapTransport(server.transport(log), log);
  if (ctx.fault === 'tamper-state') {
    transport = tamperRequestState(transport);
    t.note('fault injected (--fault tamper-state): the client will alter requestState before sending it');
  }
  const client = new ModernClient(transport, { ...QUIET, handlers: { elicitation: { form: demoUser(t) } } });
  try {
    t.note('discover: one request, no handshake; the version and capabilities travel in _meta');
    await client.discover();
    const discover = sentRequest(log, 'server/discover');
    expectThat(declaredVersion(discover) === '2026-07-28', 'server/discover to declare 2026-07-28 in _meta');
    expectThat('result' in (log.responseTo(discover.id) ?? {}), 'a DiscoverResult');
    t.pass('a DiscoverResult came back; nothing was negotiated or stored');
    await modernMemory(ctx, server, log, discover.id);

    t.note('call a tool that needs the user to confirm first');
    const step = await client.step('tools/call', { name: 'test_input_required_result_request_state' });
    const first = sentRequest(log, 'tools/call');
    const asked = log.responseTo(first.id);
    const result =
      asked !== undefined && 'result' in asked ? (asked.result as { resultType?: string; requestState?: unknown; inputRequests?: object }) : undefined;
    expectThat(step.kind === 'input_required' && result?.resultType === 'input_required', 'an input_required result', `got ${JSON.stringify(asked)}`);
    const state = result.requestState;
    expectThat(typeof state === 'string', 'requestState in the input_required result');
    t.pass(
      `input_required: the server asks for ${Object.keys(result.inputRequests ?? {}).join(', ')} and hands its work back as requestState (${state.length} characters, sealed)`,
    );
    await modernMemory(ctx, server, log, first.id);

    t.note('the client asks the user, then retries as a NEW request: the answers in inputResponses, requestState copied back unchanged');
    let outcome: unknown;
    try {
      outcome = step.kind === 'input_required' ? await step.answer() : undefined;
    } catch (error) {
      outcome = error;
    }
    const retry = sentRequest(log, 'tools/call', 1);
    expectThat(retry.id !== first.id, `the retry to have a new id`, `it reused id ${JSON.stringify(first.id)}`);
    const params = retry.params as { requestState?: unknown; inputResponses?: Record<string, unknown> };
    expectThat(params.requestState === state, 'the retry to echo requestState byte for byte', 'it sent a different requestState');
    expectThat(params.inputResponses?.confirm !== undefined, 'the answer under the key the server chose ("confirm")');
    t.pass(`the retry has a new id (${JSON.stringify(retry.id)} after ${JSON.stringify(first.id)}) and echoes requestState exactly`);
    if (outcome instanceof Error) throw outcome;
    const done = log.responseTo(retry.id);
    const text = done && 'result' in done ? ((done.result as CallToolResult).content?.[0] as { text?: string } | undefined)?.text : undefined;
    expectThat(text?.startsWith('state-ok') === true, 'the tool to finish with its verified state', `it answered ${JSON.stringify(done)}`);
    t.pass(`complete: "${text}", the server verified its own sealed state`);
    await modernMemory(ctx, server, log, retry.id);

    const before = log.records.length;
    await client.close();
    if (ctx.kind === 'stdio') {
      const exit = server.lastExit;
      expectThat(exit?.code === 0 && exit.signal === null, 'the server to exit by itself on end of input', `it ended ${JSON.stringify(exit)}`);
      t.pass('shutdown: stdin closed, and the server exited by itself (code 0); end of input is the only goodbye');
    } else {
      expectThat(log.records.length === before, 'nothing on the wire at shutdown', 'the client sent something');
      t.pass('shutdown: nothing to send, since there is no session to end');
    }
  } finally {
    await client.close();
  }
}

/** Modern traffic leaves nothing behind: no session, and on HTTP no Mcp-Session-Id ever minted. */
async function modernMemory(ctx: ScenarioContext, server: Parameters<typeof showMemory>[1], log: WireLog, after: Parameters<typeof showMemory>[2]) {
  const minted = log.exchanges().some((head) => head.responseHeaders.get('mcp-session-id') !== null);
  if (ctx.kind === 'http') expectThat(!minted, 'no Mcp-Session-Id on a modern reply', 'the server minted one');
  await showMemory(ctx, server, after, 0, ctx.kind === 'http' ? 'no Mcp-Session-Id minted' : undefined);
}
