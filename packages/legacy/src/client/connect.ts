import { deriveClientCapabilities, ModernClient, pickVersion, type ExtraCapabilities } from '@mcpkit/client';
import { MODERN_PROTOCOL_VERSIONS } from '@mcpkit/client/internal';
import { RemoteError, TransportClosedError, type MessageTransport } from '@mcpkit/jsonrpc';
import type { DiscoverResult, Implementation } from '@mcpkit/schema';
import type { ConnectOptions, ConnectTarget } from './connect-options.js';
import { withVerdict, type DualEraClient } from './dual-era-client.js';
import { defaultEraCache, type EraCache, type EraVerdict } from './era-cache.js';
import { EraMismatchError } from './errors.js';
import { HttpSseClientTransport } from './http/http-sse-transport.js';
import { probeHttp } from './http/probe-http.js';
import { openHttpSse, refusedAsStreamable, sseReason } from './http/sse-fallback.js';
import { LegacyClient, type LegacyClientOptions } from './legacy-client.js';
import { supportedOf } from './probe-reading.js';
import { probeStream } from './probe-stream.js';
import { resolveTarget, wrapRoute, type Route } from './target.js';
import { LEGACY_PROTOCOL_VERSIONS } from '../shared/versions.js';
import { version as PACKAGE_VERSION } from '../../package.json';

/** The default `clientInfo` of the dual-era client. */
const CLIENT_INFO: Implementation = { name: '@mcpkit/legacy', version: PACKAGE_VERSION };

/**
 * Connects to an MCP server of either era and resolves to that era's client (`ModernClient` or
 * `LegacyClient`, told apart by `era`) with the `verdict` that chose it.
 *
 * The era comes from `options.era`, else from the era cache, else from the probe
 * (2026-07-28 basic/versioning.mdx): a modern `server/discover` whose `DiscoverResult` or modern
 * error (-32020..-32022; on HTTP also 404 with -32601) means modern, retrying once with a supported
 * version after -32022 and never falling back then; any other error, an error with `id: null`,
 * 400/404/405 without a modern body, or no answer within `probeTimeoutMs` means legacy, and the
 * client runs `initialize`. HTTP 401/403 decide nothing (`EraProbeError`). A stdio server that exits
 * on the probe is spawned again. A cached legacy verdict that `initialize` disproves is probed again.
 *
 * @example
 * const client = await connect({ command: 'node', args: ['server.js'] }, { handlers: { elicitation: { form: ask } } });
 * console.log(client.era, client.protocolVersion); // 'legacy' '2025-11-25'
 * if (client.era === 'legacy') await client.ping();
 */
export async function connect(target: ConnectTarget, options: ConnectOptions = {}): Promise<DualEraClient> {
  const route = wrapRoute(resolveTarget(target, options.http), options.wrapTransport);
  const cache = options.eraCache === false ? undefined : (options.eraCache ?? defaultEraCache);
  const key = options.cacheKey ?? route.key;
  const era = options.era ?? 'auto';
  let verdict: EraVerdict | undefined;
  if (era === 'modern' || era === 'legacy') verdict = { era, reason: 'chosen by the caller', source: 'option' };
  else if (typeof era === 'object') verdict = { ...era, source: 'option' };
  else if (cache !== undefined && key !== undefined) {
    const hit = await cache.get(key);
    if (hit !== undefined) verdict = { ...hit, source: 'cache', key };
  }
  return open(route, verdict, options, cache, key);
}

async function open(
  route: Route,
  given: EraVerdict | undefined,
  options: ConnectOptions,
  cache: EraCache | undefined,
  key: string | undefined,
): Promise<DualEraClient> {
  let verdict = given;
  let probed: MessageTransport | undefined;
  let discovered: DiscoverResult | undefined;
  if (verdict === undefined) {
    ({ verdict, transport: probed, discovered } = await probe(route, options, key));
    if (cache !== undefined && key !== undefined) await cache.set(key, verdict);
  }
  options.onVerdict?.(verdict);
  if (verdict.era === 'modern') return withVerdict(modern(probed ?? route.modern(), verdict, options, discovered), verdict);

  const waitMs = options.probeTimeoutMs ?? options.timeoutMs ?? HTTP_PROBE_TIMEOUT_MS;
  let transport =
    verdict.transport === 'http+sse' && route.url !== undefined
      ? new HttpSseClientTransport(route.url, { ...options.http, endpointTimeoutMs: waitMs })
      : (probed ?? route.legacy());
  for (let respawned = false; ; respawned = true) {
    const client = new LegacyClient(transport, legacyOptions(options, verdict));
    try {
      await client.initialize();
      const settled: EraVerdict = { ...verdict, protocolVersion: client.protocolVersion };
      if (cache !== undefined && key !== undefined && verdict.source !== 'option') await cache.set(key, settled);
      return withVerdict(client, settled);
    } catch (error) {
      await client.close().catch(() => undefined);
      // transports.mdx "Backwards Compatibility": initialize refused with 400/404/405 → try the 2024-11-05 HTTP+SSE transport.
      if (route.url !== undefined && verdict.transport !== 'http+sse' && refusedAsStreamable(error)) {
        const sse = await openHttpSse(route.url, options.http ?? {}, waitMs, error);
        verdict = { ...verdict, transport: 'http+sse', reason: `${verdict.reason}; ${sseReason(error, sse)}` };
        options.onVerdict?.(verdict);
        transport = sse;
        continue;
      }
      // A server that refuses initialize naming modern versions it supports is modern (versioning.mdx:
      // a modern-only server SHOULD name them): a slow modern server, or a stale cached verdict.
      const supported = error instanceof RemoteError ? supportedOf(error.data) : undefined;
      const version = supported === undefined ? undefined : pickVersion(options.protocolVersions ?? MODERN_PROTOCOL_VERSIONS, supported);
      if (version !== undefined) {
        const reason = `initialize was refused (${(error as RemoteError).code} ${JSON.stringify((error as RemoteError).message)}) naming the modern version ${version}`;
        // The caller chose legacy: say so rather than switching eras behind its back.
        if (given?.source === 'option' && given.era === 'legacy') {
          throw new EraMismatchError(
            `${reason}: the server speaks MCP ${supported!.join(', ')}, not the legacy era asked for; connect with era 'auto' (it probes and picks) or 'modern'`,
            'legacy',
            supported!,
            { cause: error },
          );
        }
        const corrected: EraVerdict = { era: 'modern', protocolVersion: version, reason, source: 'probe', key };
        if (cache !== undefined && key !== undefined) await cache.set(key, corrected);
        options.onVerdict?.(corrected);
        return withVerdict(modern(route.modern(), corrected, options), corrected);
      }
      // versioning.mdx: a verdict kept across restarts is re-probed when it proves wrong.
      if (verdict.source === 'cache' && cache !== undefined && key !== undefined) {
        await cache.delete(key);
        return open(route, undefined, options, cache, key);
      }
      // A legacy server may take a moment to exit on the probe: the handshake then meets a dead process.
      if (probed !== undefined && !respawned && error instanceof TransportClosedError && route.kind !== 'http') {
        transport = route.legacy();
        continue;
      }
      throw error;
    }
  }
}

/** How long a stdio probe waits for an answer before calling the server legacy (versioning.mdx: a timeout means legacy). */
const STDIO_PROBE_TIMEOUT_MS = 5000;
/** On HTTP every server answers with a status: the probe waits as long as any request would. */
const HTTP_PROBE_TIMEOUT_MS = 60_000;

/** Runs the probe; a stream transport that survived it is handed on for reuse. */
async function probe(
  route: Route,
  options: ConnectOptions,
  key: string | undefined,
): Promise<{ verdict: EraVerdict; transport?: MessageTransport; discovered?: DiscoverResult }> {
  const identity = {
    clientInfo: options.clientInfo ?? CLIENT_INFO,
    capabilities: deriveClientCapabilities(options.handlers ?? {}, options.capabilities ?? {}),
  };
  const settings = {
    identity,
    modernVersions: options.protocolVersions ?? MODERN_PROTOCOL_VERSIONS,
    legacyVersions: options.legacyProtocolVersions ?? LEGACY_PROTOCOL_VERSIONS,
    timeoutMs: options.probeTimeoutMs ?? (route.kind === 'http' ? (options.timeoutMs ?? HTTP_PROBE_TIMEOUT_MS) : STDIO_PROBE_TIMEOUT_MS),
    trace: options.trace,
  };
  if (route.kind === 'http') {
    const outcome = await probeHttp(route.url as string, { ...settings, http: options.http });
    const verdict: EraVerdict = { era: outcome.era, protocolVersion: outcome.protocolVersion, reason: outcome.reason, source: 'probe', key };
    return { verdict, discovered: outcome.discover };
  }
  const transport = route.legacy();
  let outcome;
  try {
    outcome = await probeStream(transport, settings);
  } catch (error) {
    await transport.close().catch(() => undefined);
    throw error;
  }
  const verdict: EraVerdict = { era: outcome.era, protocolVersion: outcome.protocolVersion, reason: outcome.reason, source: 'probe', key };
  if (!outcome.closed) return { verdict, transport, discovered: outcome.discover };
  await transport.close().catch(() => undefined); // reaps the process; the session gets a new one
  return { verdict };
}

/** The modern client, preferring the version the probe settled on, and handed the probe's `DiscoverResult` when there was one. */
function modern(transport: MessageTransport, verdict: EraVerdict, options: ConnectOptions, discovered?: DiscoverResult): ModernClient {
  const versions = options.protocolVersions ?? MODERN_PROTOCOL_VERSIONS;
  const settled = verdict.protocolVersion;
  return new ModernClient(transport, {
    ...options,
    clientInfo: options.clientInfo ?? CLIENT_INFO,
    protocolVersions: preferring(versions, settled),
    discovered,
  });
}

/** The legacy client's options, asking first for the version a verdict names (a -32022 that listed only legacy versions). */
function legacyOptions(options: ConnectOptions, verdict: EraVerdict): LegacyClientOptions {
  return {
    clientInfo: options.clientInfo ?? CLIENT_INFO,
    handlers: options.handlers,
    capabilities: legacyExtensions(options),
    protocolVersions: preferring(options.legacyProtocolVersions ?? LEGACY_PROTOCOL_VERSIONS, verdict.protocolVersion),
    timeoutMs: options.timeoutMs,
    maxTotalTimeoutMs: options.maxTotalTimeoutMs,
    maxInFlight: options.maxInFlight,
    trace: options.trace,
    validateResults: options.validateResults,
    logLevel: options.logLevel,
    onLog: options.onLog,
    onNotification: options.onNotification,
    onWarning: options.onWarning,
    onError: options.onError,
  };
}

/** `versions` with `first` moved to the front when it is one of them. */
function preferring(versions: readonly string[], first: string | undefined): readonly string[] {
  return first !== undefined && versions.includes(first) ? [first, ...versions.filter((v) => v !== first)] : versions;
}

/**
 * What a legacy session declares besides its handlers: the caller's `capabilities`, plus the
 * extensions that are only a declaration (no methods, no result types: MCP Apps) under
 * `capabilities.extensions`, where a 2025-11-25 server that knows them reads them in `initialize`.
 * Extensions with methods of their own (tasks) are modern-era mechanisms and stay out.
 */
function legacyExtensions(options: ConnectOptions): ExtraCapabilities | undefined {
  const declared = (options.extensions ?? []).filter((e) => e.methods === undefined && e.resultTypes === undefined);
  if (declared.length === 0) return options.capabilities;
  const extensions = { ...options.capabilities?.extensions };
  for (const extension of declared) extensions[extension.id] ??= extension.settings ?? {};
  return { ...options.capabilities, extensions };
}
