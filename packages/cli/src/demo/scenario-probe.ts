import { connect } from '@mcpkit/legacy';
import { connectTarget, declaredVersion, legacyShutdown, QUIET, sentRequest, showMemory, expectThat, type ScenarioContext } from './scenario-kit.js';
import { WireLog } from './wire-log.js';

/**
 * Scenario 4, the dual-era probe: the client does not know the server's era, so it sends a modern
 * `server/discover`. A legacy-only server answers with an error that is neither a DiscoverResult
 * nor -32022, so the client falls back to `initialize` and carries on in a legacy session.
 */
export async function probeScenario(ctx: ScenarioContext): Promise<void> {
  const { t } = ctx;
  const era = ctx.fault === 'no-fallback' ? 'dual' : 'legacy';
  const server = await ctx.server(era);
  t.note(`server: ${server.label}`);
  if (ctx.fault === 'no-fallback') t.note('fault injected (--fault no-fallback): the server speaks both eras, so the probe cannot show a fallback');
  const log = new WireLog(t.wire);
  const { target, options } = connectTarget(server, log);
  t.note('the client does not know the era: it probes with a modern server/discover');
  const client = await connect(target, { ...QUIET, ...options, era: 'auto', eraCache: false });
  try {
    const probe = sentRequest(log, 'server/discover');
    expectThat(log.sentRequests()[0] === probe && declaredVersion(probe) === '2026-07-28', 'the first request to be a modern server/discover');
    const answer = log.responseTo(probe.id) ?? log.messages('receive').find((m) => !('method' in m) && 'error' in m && m.id === null);
    const error = answer && 'error' in answer ? answer.error : undefined;
    expectThat(error !== undefined, 'the legacy server to answer the probe with an error', `it answered ${JSON.stringify(answer)}`);
    expectThat(error.code !== -32022, 'an error that is not -32022 (which would mean a modern server)');
    t.pass(`the probe got error ${error.code} "${error.message}": not a DiscoverResult, not -32022, so the server is legacy`);
    const next = log.sentRequests().find((r) => r !== probe);
    expectThat(next?.method === 'initialize', 'the client to fall back to initialize', `it sent ${next?.method ?? 'nothing'}`);
    expectThat(client.era === 'legacy', 'the client to settle on the legacy era');
    t.pass(`fell back to initialize; era legacy, protocol ${client.protocolVersion} (${client.verdict.reason})`);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hello, legacy' } });
    const call = sentRequest(log, 'tools/call');
    expectThat((result.content[0] as { text?: string } | undefined)?.text === 'hello, legacy', 'the call to work in the legacy session');
    t.pass('the same client API works in the legacy session');
    await showMemory(ctx, server, call.id, 1, 'a legacy session, from the fallback');
    await legacyShutdown(ctx, server, log, client);
  } finally {
    await client.close();
  }
}
