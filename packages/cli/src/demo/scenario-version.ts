import { ModernClient } from '@mcpkit/client';
import { declaredVersion, QUIET, requestHeader, sentRequest, showMemory, expectThat, type ScenarioContext } from './scenario-kit.js';
import { tapTransport, WireLog } from './wire-log.js';

/**
 * A revision this server cannot know. It is made up on purpose: the demo plays a client built for
 * a newer revision than the server's, which prefers that one and still speaks 2026-07-28.
 */
export const FUTURE_VERSION = '2099-01-01';

/**
 * Scenario 3, version mismatch: the request names a version the server does not serve; the server
 * answers -32022 with the versions it supports; the client picks one it speaks and retries. One
 * extra round trip, nothing to rebuild.
 */
export async function versionScenario(ctx: ScenarioContext): Promise<void> {
  const { t } = ctx;
  const server = await ctx.server('dual');
  t.note(`server: ${server.label}`);
  t.note(`this client prefers revision ${FUTURE_VERSION}, a made-up future one the server cannot know, and also speaks 2026-07-28`);
  const log = new WireLog(t.wire);
  const client = new ModernClient(tapTransport(server.transport(log), log), { ...QUIET, protocolVersions: [FUTURE_VERSION, '2026-07-28'] });
  try {
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hello again' } });
    const first = sentRequest(log, 'tools/call');
    expectThat(declaredVersion(first) === FUTURE_VERSION, `the first call to declare ${FUTURE_VERSION}`);
    const refusal = log.responseTo(first.id);
    const error = refusal && 'error' in refusal ? refusal.error : undefined;
    const data = error?.data as { supported?: unknown; requested?: unknown } | undefined;
    expectThat(error?.code === -32022, 'error -32022 (unsupported protocol version)', `the server answered ${JSON.stringify(refusal)}`);
    expectThat(Array.isArray(data?.supported) && data.requested === FUTURE_VERSION, 'data.supported and data.requested in the error');
    const supported = data.supported as string[];
    t.pass(`-32022: the server supports ${supported.join(', ')} (requested ${FUTURE_VERSION})`);
    if (ctx.kind === 'http') {
      const heads = log.exchanges();
      expectThat(
        heads[0]?.status === 400 && requestHeader(heads[0], 'mcp-protocol-version') === FUTURE_VERSION,
        'HTTP 400 for the request sent with MCP-Protocol-Version 2099-01-01',
      );
      t.pass('on HTTP the refusal is a 400, and the header named the same version as _meta');
    }
    const retry = sentRequest(log, 'tools/call', 1);
    const chosen = declaredVersion(retry);
    expectThat(retry.id !== first.id, 'the retry to be a new request (new id)');
    expectThat(
      chosen === '2026-07-28' && supported.includes(chosen),
      'the retry to use a version from supported that the client speaks',
      `it declared ${String(chosen)}`,
    );
    t.pass(`picked ${chosen} from supported and retried as a new request (id ${JSON.stringify(retry.id)}); no fallback to initialize`);
    const text = (result.content[0] as { text?: string } | undefined)?.text;
    expectThat(text === 'hello again', 'the call to succeed after the retry', `it returned ${JSON.stringify(result)}`);
    t.pass(`complete: "${text}"; later requests keep ${client.protocolVersion}`);
    await showMemory(ctx, server, retry.id, 0);
  } finally {
    await client.close();
  }
}
