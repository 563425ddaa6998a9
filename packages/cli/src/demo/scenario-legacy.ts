import type { JsonRpcRequest } from '@mcpkit/jsonrpc';
import { connect } from '@mcpkit/legacy';
import type { CallToolResult } from '@mcpkit/schema';
import { connectTarget, demoUser, legacyShutdown, requestHeader, QUIET, sentRequest, showMemory, expectThat, type ScenarioContext } from './scenario-kit.js';
import { WireLog } from './wire-log.js';

/**
 * Scenario 2, legacy (2025-11-25): initialize → initialized → a call during which the server sends
 * an elicitation request of its own. The server keeps a session between requests.
 */
export async function legacyScenario(ctx: ScenarioContext): Promise<void> {
  const { t } = ctx;
  const server = await ctx.server('dual');
  t.note(`server: ${server.label}`);
  const log = new WireLog(t.wire);
  const { target, options } = connectTarget(server, log);
  t.note('initialize first: version, capabilities and client info, once for the whole session');
  const client = await connect(target, { ...QUIET, ...options, era: 'legacy', eraCache: false, handlers: { elicitation: { form: demoUser(t) } } });
  try {
    const initialize = sentRequest(log, 'initialize');
    expectThat(log.sentRequests()[0] === initialize, 'initialize to be the first request');
    const answer = log.responseTo(initialize.id);
    const version = answer && 'result' in answer ? (answer.result as { protocolVersion?: string }).protocolVersion : undefined;
    expectThat(version === '2025-11-25', 'the server to settle on 2025-11-25', `it answered ${JSON.stringify(answer)}`);
    const initialized = log.indexOf(
      (r) => r.kind === 'message' && r.direction === 'send' && 'method' in r.message && r.message.method === 'notifications/initialized',
    );
    expectThat(
      initialized > log.indexOf((r) => r.kind === 'message' && r.direction === 'receive' && 'id' in r.message && r.message.id === initialize.id),
      'notifications/initialized after the InitializeResult',
    );
    t.pass('initialize answered with 2025-11-25, then notifications/initialized (a notification: no id, no reply)');
    const sessions = await showMemory(ctx, server, initialize.id, 1);
    expectThat(sessions[0]!.protocolVersion === '2025-11-25', 'the session to remember 2025-11-25');
    if (ctx.kind === 'http') {
      const minted = log.exchanges()[0]?.responseHeaders.get('mcp-session-id');
      expectThat(
        minted === sessions[0]!.id,
        'the Mcp-Session-Id of the InitializeResult to name the stored session',
        `header ${minted}, store ${sessions[0]!.id}`,
      );
      t.pass(`the server minted Mcp-Session-Id ${minted} and keeps the session under it`);
    }

    t.note('call a tool that needs the user; in this era the server asks with a request of its own');
    const result = await client.callTool({ name: 'test_input_required_result_elicitation' });
    const call = sentRequest(log, 'tools/call');
    const records = log.records;
    const callAt = records.findIndex((r) => r.kind === 'message' && r.direction === 'send' && r.message === call);
    const askAt = records.findIndex(
      (r, i) =>
        i > callAt &&
        r.kind === 'message' &&
        r.direction === 'receive' &&
        'method' in r.message &&
        r.message.method === 'elicitation/create' &&
        'id' in r.message,
    );
    expectThat(askAt > callAt, 'an elicitation/create request from the server during the call');
    const ask = (records[askAt] as { message: JsonRpcRequest }).message;
    const replyAt = records.findIndex(
      (r, i) => i > askAt && r.kind === 'message' && r.direction === 'send' && !('method' in r.message) && 'id' in r.message && r.message.id === ask.id,
    );
    const doneAt = records.findIndex(
      (r) => r.kind === 'message' && r.direction === 'receive' && !('method' in r.message) && 'id' in r.message && r.message.id === call.id,
    );
    expectThat(replyAt > askAt && doneAt > replyAt, 'the client to answer the server request before the call completes');
    t.pass(
      `server → client request elicitation/create (id ${JSON.stringify(ask.id)}) in the middle of tools/call (id ${JSON.stringify(call.id)}); the client answered it with a response`,
    );
    const text = ((result as CallToolResult).content[0] as { text?: string } | undefined)?.text;
    expectThat(text === 'Hello, Ada!', 'the call to finish with the answer', `it returned ${JSON.stringify(result)}`);
    t.pass(`complete: "${text}"`);
    if (ctx.kind === 'http') {
      const id = (await server.sessions())[0]?.id;
      const later = log
        .exchanges()
        .slice(1)
        .filter((head) => head.method === 'POST');
      expectThat(
        later.every((head) => requestHeader(head, 'mcp-session-id') === id),
        'every later POST to carry Mcp-Session-Id',
      );
      t.pass('every request after initialize carried Mcp-Session-Id');
    }
    await showMemory(ctx, server, call.id, 1, 'the same session, until the client ends it');

    await legacyShutdown(ctx, server, log, client);
  } finally {
    await client.close();
  }
}
