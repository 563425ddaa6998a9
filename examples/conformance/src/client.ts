/**
 * The client under test of the official MCP conformance suite, started by `client.sh`:
 * `node dist/client.js <serverUrl>` with `MCP_CONFORMANCE_SCENARIO`,
 * `MCP_CONFORMANCE_PROTOCOL_VERSION` and (some scenarios) `MCP_CONFORMANCE_CONTEXT` set.
 *
 * It connects with the dual-era `connect()` of `@mcpkit/legacy`: the protocol version the suite
 * asks for picks the era (2025-11-25 → a legacy session with `initialize`; 2026-07-28 → the modern
 * stateless `ModernClient`). Without one it probes. `auth/*` scenarios put `withOAuth` of
 * `@mcpkit/auth/client` under the HTTP transport. Then the scenario's requests run, the client
 * closes, and the process exits: 0 when everything succeeded, 1 otherwise (with the reason on
 * stderr), 2 on a bad invocation.
 */
import { conformanceOAuthOptions, withOAuth } from '@mcpkit/auth/client';
import type { McpClient } from '@mcpkit/client';
import { connect, isLegacyVersion, type ConnectOptions } from '@mcpkit/legacy';
import { skillsExtension } from '@mcpkit/skills-client';
import { conformanceHandlers } from './answers.js';
import { describeError } from './describe-error.js';
import { scenarioFor, type ScenarioContext } from './scenarios.js';

const CLIENT_INFO = { name: 'mcpkit-conformance-client', version: '0.0.0' };
/**
 * Exit before the suite's own per-scenario timeout would kill us, saying why. The harness
 * (tools/conformance) sets it from its `--timeout`; 25 s fits the suite's own default of 30 s.
 */
const DEADLINE_MS = Number(process.env.MCPKIT_CONFORMANCE_DEADLINE_MS ?? 25_000);

const log = (line: string): void => void process.stderr.write(`[conformance-client] ${line}\n`);

function parseContext(raw: string | undefined): ScenarioContext {
  if (raw === undefined || raw === '') return {};
  const parsed: unknown = JSON.parse(raw);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('MCP_CONFORMANCE_CONTEXT is not a JSON object');
  return parsed as ScenarioContext;
}

/** The connect() options for the version the suite asks for (none: probe for the era). */
function eraOptions(version: string | undefined): Pick<ConnectOptions, 'era' | 'protocolVersions' | 'legacyProtocolVersions'> {
  if (version === undefined || version === '') return { era: 'auto' };
  if (isLegacyVersion(version)) return { era: 'legacy', legacyProtocolVersions: [version] };
  return { era: 'modern', protocolVersions: [version] };
}

async function main(argv: readonly string[]): Promise<number> {
  const serverUrl = argv.at(-1);
  const scenarioName = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  if (serverUrl === undefined || !/^https?:\/\//.test(serverUrl)) {
    log('usage: client.sh <serverUrl>   (with MCP_CONFORMANCE_SCENARIO set)');
    return 2;
  }
  const scenario = scenarioFor(scenarioName);
  if (scenario === undefined) {
    log(`unknown scenario ${JSON.stringify(scenarioName)}`);
    return 2;
  }
  const context = parseContext(process.env.MCP_CONFORMANCE_CONTEXT);
  const version = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION;
  const fetch = scenarioName.startsWith('auth/') ? withOAuth(globalThis.fetch, { serverUrl, ...conformanceOAuthOptions(process.env) }) : undefined;

  let client: McpClient | undefined;
  try {
    client = await connect(serverUrl, {
      ...eraOptions(version),
      eraCache: false,
      clientInfo: CLIENT_INFO,
      handlers: conformanceHandlers,
      // The skills scenarios (sep-2640-client-*) need a host that declares the skills extension.
      ...(scenarioName.startsWith('sep-2640-') && { extensions: [skillsExtension()] }),
      http: fetch === undefined ? {} : { fetch },
      ...(fetch !== undefined && { authorizationContext: () => fetch.authorizationContextKey }),
      onVerdict: (verdict) => log(`era ${verdict.era} (${verdict.reason})`),
      onWarning: (warning) => log(`warning: ${typeof warning === 'string' ? warning : JSON.stringify(warning)}`),
    });
    log(`connected: ${client.era} ${client.protocolVersion}`);
    await scenario(client, context, log);
    log(`${scenarioName}: done`);
    return 0;
  } catch (error) {
    log(`${scenarioName}: ${describeError(error)}`);
    return 1;
  } finally {
    await client?.close().catch((error: unknown) => log(`close: ${describeError(error)}`));
  }
}

const deadline = setTimeout(() => {
  log(`gave up after ${DEADLINE_MS} ms`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(describeError(error));
    process.exit(1);
  },
);
