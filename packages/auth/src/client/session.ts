/**
 * The state behind one {@link withOAuth} fetch: the current tokens, and recovery from a 401 or a 403
 * `insufficient_scope` (discovery, a refresh or a new grant, step-up with the union of scopes), and the
 * DPoP key the tokens are bound to. Recoveries run one at a time, so concurrent requests that all hit
 * a 401 share one authorization.
 */
import type { JWK } from 'jose';
import { AuthError } from '../shared/errors.js';
import type { AuthChallenge } from '../shared/www-authenticate.js';
import { canonicalResourceUri, resourceCovers } from '../shared/urls.js';
import { authorizeWithCode } from './authorization-code.js';
import { authorizationContextKey } from './context-key.js';
import { DpopProver } from './dpop.js';
import { clientCredentialsGrant, enterpriseGrant, workloadIdentityGrant, type GrantContext, type GrantOutcome } from './grants.js';
import type { FetchFunction } from './http.js';
import type { OAuthOptions, PreRegisteredClient } from './options.js';
import { randomToken } from './pkce.js';
import { obtainClient, preRegisteredFor, type ClientIdentity, type RegistrationContext } from './registration.js';
import { legacyAuthorization } from './legacy-discovery.js';
import { findResourceMetadata, type ResourceMetadata } from './resource-metadata.js';
import { selectScopes, splitScopes, unionScopes, withOfflineAccess } from './scopes.js';
import { discoverServerMetadata, type ServerMetadata } from './server-metadata.js';
import { MemoryOAuthStore, type StoredTokens } from './store.js';
import { requestToken } from './token-endpoint.js';

/** Why a request needs a recovery. */
export type RecoveryReason = 'unauthorized' | 'insufficient_scope';

const EXPIRY_SKEW_MS = 5_000;

/** The credentials to put on a request: the access token and how it is presented. */
export interface Credentials {
  accessToken: string;
  /** `DPoP`: `Authorization: DPoP <token>` plus a proof; `Bearer`: the token alone. */
  scheme: 'Bearer' | 'DPoP';
}

export class OAuthSession {
  readonly serverUrl: URL;
  private readonly key: string;
  private readonly registration: RegistrationContext;
  private tokens: StoredTokens | undefined;
  private loaded: Promise<void> | undefined;
  private contextKey: string | undefined;
  private lock: Promise<unknown> = Promise.resolve();
  private readonly servers = new Map<string, ServerMetadata>();
  /** This client's DPoP key and the nonces servers handed out (shared by token and resource requests). */
  readonly dpop: DpopProver;

  constructor(
    private readonly fetch: FetchFunction,
    private readonly options: OAuthOptions,
  ) {
    this.key = canonicalResourceUri(options.serverUrl);
    this.serverUrl = new URL(this.key);
    const grants = (['clientCredentials', 'workloadIdentity', 'enterpriseAuthorization'] as const).filter((name) => options[name] !== undefined);
    if (grants.length > 1) throw new AuthError('invalid_configuration', `withOAuth takes one of ${grants.join(', ')}, not several`);
    if (options.redirect === undefined && grants.length === 0) {
      throw new AuthError(
        'invalid_configuration',
        'withOAuth needs a `redirect` handler (user sign-in), `clientCredentials`, `workloadIdentity` or `enterpriseAuthorization`',
      );
    }
    if (options.clientMetadataUrl !== undefined) checkMetadataUrl(options.clientMetadataUrl);
    this.registration = { fetch, store: options.store ?? new MemoryOAuthStore(), options, bindings: new Map() };
    this.dpop = new DpopProver(options.dpop);
  }

  /** The authorization context key of the current tokens, or `undefined` before authorization. */
  get authorizationContextKey(): string | undefined {
    return this.contextKey;
  }

  /** True when a token for this server may be sent to `target`. */
  covers(target: URL): boolean {
    return resourceCovers(this.key, target) || (this.tokens !== undefined && resourceCovers(this.tokens.resource, target));
  }

  /** The credentials to send now (refreshed first when the token has expired and can be), or `undefined`. */
  async currentCredentials(signal?: AbortSignal): Promise<Credentials | undefined> {
    await this.load();
    const tokens = this.tokens;
    if (tokens?.expiresAt !== undefined && tokens.refreshToken !== undefined && Date.now() >= tokens.expiresAt - EXPIRY_SKEW_MS) {
      await this.exclusive(async () => {
        if (this.tokens === tokens) await this.tryRefresh(tokens, await this.serverMetadata(tokens.issuer, signal), signal);
      });
    }
    const current = this.tokens;
    return current === undefined ? undefined : { accessToken: current.accessToken, scheme: current.tokenType === 'DPoP' ? 'DPoP' : 'Bearer' };
  }

  /** Recovers from a refusal of a request that was sent with `sentToken`. */
  recover(reason: RecoveryReason, challenge: AuthChallenge | undefined, sentToken: string | undefined, signal?: AbortSignal): Promise<void> {
    return this.exclusive(async () => {
      const current = this.tokens;
      if (current !== undefined && current.accessToken !== sentToken) {
        // Another request already replaced the token; retry with it unless it still lacks the scopes.
        const needed = splitScopes(challenge?.params.scope);
        if (reason === 'unauthorized' || needed.every((s) => current.requestedScopes.includes(s))) return;
      }
      const { resource, issuer, server } = await this.discover(challenge, signal);
      let previous = this.tokens;
      if (previous !== undefined && (previous.issuer !== issuer || previous.resource !== resource.resource)) {
        // The authorization server (or resource) changed: never send or refresh the old tokens again.
        await this.replaceTokens(undefined);
        previous = undefined;
      }
      if (reason === 'unauthorized' && previous?.refreshToken !== undefined && previous.accessToken === sentToken) {
        if (await this.tryRefresh(previous, server, signal)) return;
        previous = undefined;
      }
      const selected = selectScopes(challenge?.params.scope, resource.scopesSupported);
      const base = previous === undefined ? selected : unionScopes(previous.requestedScopes, selected);
      const machine = this.machineGrant(issuer);
      if (machine !== undefined) {
        const scopes = unionScopes(base, machine.scopes);
        const ctx: GrantContext = { fetch: this.fetch, server, resource: resource.resource, scopes, dpop: this.dpop, signal };
        const outcome = await machine.run(ctx);
        await this.saveGrant(issuer, resource.resource, scopes, outcome);
        return;
      }
      const wanted = unionScopes(base, this.options.scopes ?? []);
      const scopes = withOfflineAccess(wanted, server.scopesSupported, this.options.offlineAccess ?? true);
      const redirect = this.options.redirect!;
      await redirect.prepare?.(signal);
      const client = await obtainClient(this.registration, server, redirect.redirectUri, signal);
      const response = await authorizeWithCode(this.fetch, { server, client, redirect, resource: resource.resource, scopes, dpop: this.dpop }, signal);
      await this.saveGrant(issuer, resource.resource, scopes, { clientId: client.clientId, response, grantId: randomToken(16) });
    });
  }

  /**
   * Where to authorize: the protected resource metadata and the authorization server it names; for a
   * server that publishes none and named none in its challenge, the 2025-03-26 way (its origin).
   */
  private async discover(
    challenge: AuthChallenge | undefined,
    signal?: AbortSignal,
  ): Promise<{ resource: ResourceMetadata; issuer: string; server: ServerMetadata }> {
    const headerUrl = challenge?.params.resource_metadata;
    const found = await findResourceMetadata(this.fetch, this.serverUrl, headerUrl, signal);
    if (found.metadata !== undefined) {
      const issuer = this.chooseIssuer(found.metadata.authorizationServers);
      return { resource: found.metadata, issuer, server: await this.serverMetadata(issuer, signal, true) };
    }
    if (headerUrl !== undefined) {
      throw new AuthError('discovery_failed', `No protected resource metadata for ${this.serverUrl.href} (tried ${found.failures.join('; ')})`);
    }
    const legacy = await legacyAuthorization(this.fetch, this.serverUrl, this.key, signal);
    this.servers.set(legacy.server.issuer, legacy.server);
    return { resource: legacy.resource, issuer: legacy.server.issuer, server: legacy.server };
  }

  /** The grant that needs no browser, when one is configured: how to run it and the scopes it adds. */
  private machineGrant(issuer: string): { scopes: readonly string[]; run: (ctx: GrantContext) => Promise<GrantOutcome> } | undefined {
    const { clientCredentials, workloadIdentity, enterpriseAuthorization } = this.options;
    if (clientCredentials !== undefined) {
      const client = this.preRegistered([clientCredentials], issuer, 'The client credentials are registered with another authorization server');
      return { scopes: clientCredentials.scopes ?? [], run: (ctx) => clientCredentialsGrant(ctx, client) };
    }
    if (workloadIdentity !== undefined) {
      if (workloadIdentity.issuer !== undefined && workloadIdentity.issuer !== issuer) {
        throw new AuthError('client_identity_required', `The workload identity is for ${workloadIdentity.issuer}; ${issuer} needs its own`);
      }
      return { scopes: workloadIdentity.scopes ?? [], run: (ctx) => workloadIdentityGrant(ctx, workloadIdentity) };
    }
    if (enterpriseAuthorization !== undefined) {
      // spec: enterprise-managed-authorization.mdx §6.1: the client is pre-registered with the MCP server's authorization server.
      const client = this.preRegistered(
        this.options.clients ?? [],
        issuer,
        'Enterprise-managed authorization needs the client registered with the authorization server (`clients`)',
      );
      return { scopes: enterpriseAuthorization.scopes ?? [], run: (ctx) => enterpriseGrant(ctx, enterpriseAuthorization, client) };
    }
    return undefined;
  }

  /** Forgets the tokens of this server (registrations stay). */
  async signOut(): Promise<void> {
    await this.exclusive(() => this.replaceTokens(undefined));
  }

  private async load(): Promise<void> {
    this.loaded ??= (async () => {
      const stored = await this.registration.store.getTokens(this.key);
      if (stored !== undefined) {
        this.tokens = stored;
        this.dpop.restore(stored.dpopKey);
        this.contextKey = await authorizationContextKey(stored);
      }
    })();
    await this.loaded;
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.lock.then(async () => {
      await this.load();
      return task();
    });
    this.lock = run.catch(() => undefined);
    return run;
  }

  private chooseIssuer(issuers: readonly string[]): string {
    if (this.options.selectAuthorizationServer !== undefined) {
      const chosen = this.options.selectAuthorizationServer(issuers);
      if (!issuers.includes(chosen))
        throw new AuthError('invalid_configuration', `selectAuthorizationServer returned ${JSON.stringify(chosen)}, which the server does not list`);
      return chosen;
    }
    const current = this.tokens?.issuer;
    return current !== undefined && issuers.includes(current) ? current : issuers[0]!;
  }

  private async serverMetadata(issuer: string, signal?: AbortSignal, fresh = false): Promise<ServerMetadata> {
    const cached = this.servers.get(issuer);
    if (cached !== undefined && !fresh) return cached;
    const metadata = await discoverServerMetadata(this.fetch, issuer, signal);
    this.servers.set(issuer, metadata);
    return metadata;
  }

  private preRegistered(clients: readonly PreRegisteredClient[], issuer: string, problem: string): ClientIdentity {
    const client = preRegisteredFor(clients, issuer, this.registration.bindings);
    if (client === undefined) throw new AuthError('client_identity_required', `${problem}; ${issuer} needs its own client`);
    return { ...client, source: 'pre-registered' };
  }

  /** The identity that obtained `tokens`, if this client still has it. */
  private async identityOf(tokens: StoredTokens): Promise<ClientIdentity | undefined> {
    const { issuer, clientId } = tokens;
    const { clientCredentials, workloadIdentity } = this.options;
    const workloadClient = workloadIdentity?.clientId !== undefined ? [{ ...workloadIdentity, clientId: workloadIdentity.clientId }] : [];
    const configured = [...(this.options.clients ?? []), ...(clientCredentials ? [clientCredentials] : []), ...workloadClient];
    const pre = configured.find((c) => c.clientId === clientId && (c.issuer ?? this.registration.bindings.get(clientId) ?? issuer) === issuer);
    if (pre !== undefined) return { ...pre, source: 'pre-registered' };
    if (this.options.clientMetadataUrl === clientId) return { clientId, tokenEndpointAuthMethod: 'none', source: 'metadata-document' };
    const stored = await this.registration.store.getClient(issuer);
    if (stored?.clientId !== clientId) return undefined;
    return {
      clientId,
      ...(stored.clientSecret !== undefined && { clientSecret: stored.clientSecret }),
      ...(stored.tokenEndpointAuthMethod !== undefined && { tokenEndpointAuthMethod: stored.tokenEndpointAuthMethod }),
      source: stored.source,
    };
  }

  /** Uses the refresh token; when the server refuses it, forgets the tokens and returns false. */
  private async tryRefresh(tokens: StoredTokens, server: ServerMetadata, signal?: AbortSignal): Promise<boolean> {
    const client = await this.identityOf(tokens);
    if (client !== undefined && tokens.refreshToken !== undefined) {
      try {
        const response = await requestToken(
          this.fetch,
          server,
          client,
          { grant_type: 'refresh_token', refresh_token: tokens.refreshToken, resource: tokens.resource },
          { signal, dpop: this.dpop },
        );
        const next: StoredTokens = {
          ...tokens,
          ...(await this.dpopKeyFor(response.tokenType)),
          accessToken: response.accessToken,
          refreshToken: response.refreshToken ?? tokens.refreshToken,
          expiresAt: response.expiresAt,
          grantedScopes: response.scopes ?? tokens.grantedScopes,
        };
        if (response.tokenType === 'DPoP') next.tokenType = 'DPoP';
        else delete next.tokenType;
        await this.replaceTokens(next);
        return true;
      } catch (error) {
        // Only the server's refusal (4xx: invalid_grant, ...) ends the grant; an outage keeps it.
        const refused = error instanceof AuthError && error.code === 'token_request_failed' && error.status !== undefined && error.status < 500;
        if (!refused) throw error;
      }
    }
    await this.replaceTokens(undefined);
    return false;
  }

  private async saveGrant(issuer: string, resource: string, scopes: readonly string[], outcome: GrantOutcome): Promise<void> {
    const { clientId, response, grantId } = outcome;
    await this.replaceTokens({
      issuer,
      clientId,
      resource,
      accessToken: response.accessToken,
      ...(response.tokenType === 'DPoP' && { tokenType: 'DPoP' as const }),
      ...(response.refreshToken !== undefined && { refreshToken: response.refreshToken }),
      ...(response.expiresAt !== undefined && { expiresAt: response.expiresAt }),
      requestedScopes: [...scopes],
      grantedScopes: response.scopes ?? [...scopes],
      grantId,
      ...(await this.dpopKeyFor(response.tokenType)),
    });
  }

  /** The DPoP key to keep with new tokens: a bound access token needs it, and so may a refresh token (RFC 9449 §5). */
  private async dpopKeyFor(tokenType: 'Bearer' | 'DPoP'): Promise<{ dpopKey?: JWK }> {
    const usedDpop = tokenType === 'DPoP' || this.dpop.hasKey;
    const key = usedDpop ? await this.dpop.exportKey() : undefined;
    return key === undefined ? {} : { dpopKey: key };
  }

  private async replaceTokens(tokens: StoredTokens | undefined): Promise<void> {
    const store = this.registration.store;
    if (tokens === undefined) {
      this.tokens = undefined;
      this.contextKey = undefined;
      await store.deleteTokens(this.key);
      return;
    }
    if (tokens.expiresAt === undefined) delete tokens.expiresAt;
    this.tokens = tokens;
    this.contextKey = await authorizationContextKey(tokens);
    await store.setTokens(this.key, tokens);
  }
}

function checkMetadataUrl(value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AuthError('invalid_configuration', `clientMetadataUrl is not a URL: ${JSON.stringify(value)}`);
  }
  // spec: client-registration.mdx: an https URL with a path component.
  if (url.protocol !== 'https:' || url.pathname === '/' || url.hash !== '') {
    throw new AuthError('invalid_configuration', `clientMetadataUrl must be an https URL with a path and no fragment: ${value}`);
  }
}
