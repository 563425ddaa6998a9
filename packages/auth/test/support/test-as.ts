/**
 * A real, tiny OAuth 2.1 authorization server for tests, on 127.0.0.1: RFC 8414 metadata, dynamic
 * registration, an auto-approving authorize endpoint (redirecting with code, state and iss), a token
 * endpoint that verifies PKCE S256, rotates refresh tokens and serves client_credentials (secret or
 * private_key_jwt) and the JWT bearer grant (workload tokens, ID-JAGs), binds tokens to DPoP keys
 * (`cnf.jkt`, token_type DPoP) when asked, an RFC 7662 introspection endpoint, and a JWKS. Access
 * tokens are ES256 JWTs signed with `jose`, or opaque strings known only to introspection.
 */
import { createHash, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';
import { AsDpop, verifyIdJag, verifyWorkloadToken, type AsDpopOptions, type TrustedIssuer } from './as-extensions.js';
import { authenticateClient, JWT_BEARER } from './as-client-auth.js';
import { json, serve, type Served } from './serve.js';

export interface TestClient {
  clientId: string;
  clientSecret?: string;
  /** Public JWK for private_key_jwt. */
  jwk?: JWK;
  redirectUris?: string[];
  authMethod?: string;
}

export interface TestAsOptions {
  /** Path part of the issuer (`/tenant1`); metadata is then served with path insertion. */
  issuerPath?: string;
  /** Put this issuer in the metadata instead of the real one (mix-up tests). */
  metadataIssuer?: string;
  /** What `iss` the authorization redirect carries. */
  issInRedirect?: 'correct' | 'omit' | 'wrong' | 'trailing-slash';
  /** Advertise `authorization_response_iss_parameter_supported` (default true). */
  issSupported?: boolean;
  /** Advertise PKCE S256 (default true). */
  pkce?: boolean;
  /** Advertise Client ID Metadata Document support. */
  cimd?: boolean;
  /** Offer dynamic registration (default true). */
  registration?: boolean;
  /** `token_endpoint_auth_methods_supported`. */
  authMethods?: string[];
  scopesSupported?: string[];
  /** Pre-registered clients. */
  clients?: TestClient[];
  /** Issue refresh tokens (default true). */
  refreshTokens?: boolean;
  /** Scopes the (simulated) user ever grants; others asked for are left out of the grant. */
  grantableScopes?: string[];
  /** Bind tokens to DPoP keys when a token request carries a proof. */
  dpop?: AsDpopOptions;
  /** Issuers whose workload tokens the JWT bearer grant takes. */
  workloadIssuers?: TrustedIssuer[];
  /** IdPs whose ID-JAGs the JWT bearer grant takes (from confidential clients only). */
  idJagIssuers?: TrustedIssuer[];
  /** Issue opaque access tokens (checked by introspection only) instead of JWTs. */
  opaqueTokens?: boolean;
  /** The resource server's credentials at the introspection endpoint (none: no endpoint). */
  introspection?: { clientId: string; clientSecret: string };
}

export interface AsEvent {
  type: 'metadata' | 'register' | 'authorize' | 'token' | 'introspect';
  path: string;
  params: Record<string, string>;
  /** Which client authentication the token request used. */
  clientAuth?: string;
  /** Outcome of a token request: 'ok' or the OAuth error. */
  outcome?: string;
  /** The JWK thumbprint of the token request's valid DPoP proof. */
  dpopJkt?: string;
}

/** What an issued token says, for introspection. */
type TokenClaims = Record<string, unknown> & { exp: number };

export class TestAuthorizationServer {
  readonly events: AsEvent[] = [];
  readonly clients = new Map<string, TestClient>();
  /** Overrides for the next access tokens, consumed in order: expires_in to announce, exp offset to sign. */
  readonly nextTokens: { expiresIn?: number; expOffset?: number }[] = [];
  /** Refuse every refresh token (as after a revocation). */
  revokeRefreshTokens = false;
  /** Tokens revoked since issued: introspection says inactive. */
  readonly revoked = new Set<string>();
  readonly dpop: AsDpop | undefined;
  private readonly codes = new Map<string, { clientId: string; redirectUri: string; challenge: string; resource?: string; scope?: string; dpopJkt?: string }>();
  private readonly refresh = new Map<string, { clientId: string; resource?: string; scope?: string; jkt?: string; sub: string }>();
  private readonly opaque = new Map<string, TokenClaims>();
  private served!: Served;
  private key!: CryptoKey;
  private verifyKey!: CryptoKey;
  private publicJwk!: JWK;

  private constructor(readonly options: TestAsOptions) {
    for (const client of options.clients ?? []) this.clients.set(client.clientId, client);
    this.dpop = options.dpop === undefined ? undefined : new AsDpop(options.dpop);
  }

  static async start(options: TestAsOptions = {}): Promise<TestAuthorizationServer> {
    const as = new TestAuthorizationServer(options);
    const pair = await generateKeyPair('ES256', { extractable: true });
    as.key = pair.privateKey;
    as.verifyKey = pair.publicKey;
    as.publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
    as.served = await serve((request) => as.handle(request));
    return as;
  }

  get origin(): string {
    return this.served.url;
  }
  get issuer(): string {
    return this.origin + (this.options.issuerPath ?? '');
  }
  get jwksUrl(): string {
    return `${this.issuer}/jwks`;
  }
  eventsOf(type: AsEvent['type']): AsEvent[] {
    return this.events.filter((e) => e.type === type);
  }
  close(): Promise<void> {
    return this.served.close();
  }

  /** Signs an access token as this server would (for resource-server tests). */
  async sign(claims: { sub: string; aud: string; scope?: string; client_id?: string; jkt?: string }, expOffsetSeconds = 3600): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    if (this.options.opaqueTokens) {
      const token = `opaque-${randomUUID()}`;
      this.opaque.set(token, {
        sub: claims.sub,
        aud: claims.aud,
        iss: this.issuer,
        exp: now + expOffsetSeconds,
        iat: now,
        ...(claims.scope !== undefined && { scope: claims.scope }),
        ...(claims.client_id && { client_id: claims.client_id }),
        ...(claims.jkt && { cnf: { jkt: claims.jkt }, token_type: 'DPoP' }),
      });
      return token;
    }
    return new SignJWT({
      ...(claims.scope !== undefined && { scope: claims.scope }),
      ...(claims.client_id && { client_id: claims.client_id }),
      ...(claims.jkt && { cnf: { jkt: claims.jkt } }),
    })
      .setProtectedHeader({ alg: 'ES256', kid: 'test-key', typ: 'at+jwt' })
      .setIssuer(this.issuer)
      .setSubject(claims.sub)
      .setAudience(claims.aud)
      .setIssuedAt(now)
      .setExpirationTime(now + expOffsetSeconds)
      .setJti(randomUUID())
      .sign(this.key);
  }

  private grantable(scope: string | undefined): string | undefined {
    const allowed = this.options.grantableScopes;
    if (scope === undefined || allowed === undefined) return scope;
    return scope
      .split(' ')
      .filter((s) => allowed.includes(s))
      .join(' ');
  }

  private async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname;
    const prefix = this.options.issuerPath ?? '';
    const metadataPath = `/.well-known/oauth-authorization-server${prefix}`;
    if (request.method === 'GET' && path === metadataPath) return this.metadata(path);
    if (request.method === 'GET' && path === `${prefix}/jwks`) return json({ keys: [this.publicJwk] });
    if (request.method === 'POST' && path === `${prefix}/register` && this.options.registration !== false) return this.register(request, path);
    if (request.method === 'GET' && path === `${prefix}/authorize`) return this.authorize(url, path);
    if (request.method === 'POST' && path === `${prefix}/token`) return this.token(request, path);
    if (request.method === 'POST' && path === `${prefix}/introspect` && this.options.introspection) return this.introspect(request, path);
    return json({ error: 'not_found' }, 404);
  }

  private metadata(path: string): Response {
    this.events.push({ type: 'metadata', path, params: {} });
    const o = this.options;
    return json({
      issuer: o.metadataIssuer ?? this.issuer,
      authorization_endpoint: `${this.issuer}/authorize`,
      token_endpoint: `${this.issuer}/token`,
      ...(o.registration !== false && { registration_endpoint: `${this.issuer}/register` }),
      jwks_uri: this.jwksUrl,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials', JWT_BEARER],
      ...(o.dpop && { dpop_signing_alg_values_supported: o.dpop.algs ?? ['ES256'] }),
      ...(o.introspection && { introspection_endpoint: `${this.issuer}/introspect` }),
      token_endpoint_auth_methods_supported: o.authMethods ?? ['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt'],
      ...(o.pkce !== false && { code_challenge_methods_supported: ['S256'] }),
      ...(o.issSupported !== false && { authorization_response_iss_parameter_supported: true }),
      ...(o.cimd && { client_id_metadata_document_supported: true }),
      ...(o.scopesSupported && { scopes_supported: o.scopesSupported }),
    });
  }

  private async register(request: Request, path: string): Promise<Response> {
    const body = (await request.json()) as Record<string, unknown>;
    this.events.push({ type: 'register', path, params: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, JSON.stringify(v)])) });
    const method = typeof body.token_endpoint_auth_method === 'string' ? body.token_endpoint_auth_method : 'client_secret_basic';
    const client: TestClient = {
      clientId: `dyn-${randomUUID()}`,
      ...(method !== 'none' && { clientSecret: randomUUID() }),
      redirectUris: body.redirect_uris as string[],
      authMethod: method,
    };
    this.clients.set(client.clientId, client);
    return json(
      { client_id: client.clientId, client_secret: client.clientSecret, redirect_uris: client.redirectUris, token_endpoint_auth_method: method },
      201,
    );
  }

  private authorize(url: URL, path: string): Response {
    const params = Object.fromEntries(url.searchParams);
    this.events.push({ type: 'authorize', path, params });
    const client = this.clients.get(params.client_id ?? '');
    const isCimd = this.options.cimd === true && (params.client_id ?? '').startsWith('https://');
    if (!client && !isCimd) return json({ error: 'invalid_client' }, 400);
    const redirectUri = params.redirect_uri ?? '';
    if (client?.redirectUris && !client.redirectUris.includes(redirectUri))
      return json({ error: 'invalid_request', error_description: 'unregistered redirect_uri' }, 400);
    const back = new URL(redirectUri);
    if (params.state) back.searchParams.set('state', params.state);
    const iss = { correct: this.issuer, wrong: 'https://evil.example', 'trailing-slash': `${this.issuer}/`, omit: undefined }[
      this.options.issInRedirect ?? 'correct'
    ];
    if (iss !== undefined) back.searchParams.set('iss', iss);
    if (!params.code_challenge || params.code_challenge_method !== 'S256') {
      back.searchParams.set('error', 'invalid_request');
      back.searchParams.set('error_description', 'PKCE S256 is required');
    } else {
      const code = randomUUID();
      this.codes.set(code, {
        clientId: params.client_id!,
        redirectUri,
        challenge: params.code_challenge,
        resource: params.resource,
        scope: params.scope,
        ...(params.dpop_jkt && { dpopJkt: params.dpop_jkt }),
      });
      back.searchParams.set('code', code);
    }
    return new Response(null, { status: 302, headers: { location: back.href } });
  }

  private async token(request: Request, path: string): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    const event: AsEvent = { type: 'token', path, params: Object.fromEntries(form) };
    this.events.push(event);
    const auth = await authenticateClient(request, form, { clients: this.clients, issuer: this.issuer, cimd: this.options.cimd === true });
    if (auth instanceof Response) {
      event.outcome = 'invalid_client';
      return auth;
    }
    event.clientAuth = auth.method;
    const fail = (error: string, description: string): Response => {
      event.outcome = error;
      return json({ error, error_description: description }, 400);
    };
    // RFC 9449 §5: a proof binds the tokens; a bad one (or a missing nonce, §8) refuses the request before the grant is used.
    const proof = this.dpop === undefined ? undefined : await this.dpop.check(request.headers.get('dpop'), `${this.issuer}/token`);
    if (proof !== undefined && !proof.ok) {
      event.outcome = proof.body.error;
      return json(proof.body, proof.status, proof.headers);
    }
    const jkt = proof?.jkt;
    if (jkt !== undefined) event.dpopJkt = jkt;
    let grant: { sub: string; resource?: string; scope?: string };
    switch (form.get('grant_type')) {
      case 'authorization_code': {
        const code = this.codes.get(form.get('code') ?? '');
        this.codes.delete(form.get('code') ?? '');
        if (!code || code.clientId !== auth.clientId || code.redirectUri !== form.get('redirect_uri')) return fail('invalid_grant', 'unknown code');
        const verifier = form.get('code_verifier') ?? '';
        const computed = createHash('sha256').update(verifier).digest('base64url');
        if (verifier === '' || computed !== code.challenge) return fail('invalid_grant', 'PKCE verification failed');
        if (code.resource !== form.get('resource')) return fail('invalid_target', 'resource differs from the authorization request');
        // RFC 9449 §10: a code bound with dpop_jkt is redeemed only with a proof of that key.
        if (code.dpopJkt !== undefined && code.dpopJkt !== jkt) return fail('invalid_dpop_proof', 'the proof key differs from dpop_jkt');
        grant = { sub: 'user-1', resource: code.resource, scope: this.grantable(code.scope) };
        break;
      }
      case 'refresh_token': {
        const old = this.refresh.get(form.get('refresh_token') ?? '');
        this.refresh.delete(form.get('refresh_token') ?? '');
        if (!old || old.clientId !== auth.clientId || this.revokeRefreshTokens) return fail('invalid_grant', 'unknown refresh token');
        // RFC 9449 §5: a public client's refresh token is bound to its DPoP key.
        if (old.jkt !== undefined && old.jkt !== jkt) return fail('invalid_grant', 'the refresh token is bound to another DPoP key');
        grant = { sub: old.sub, resource: form.get('resource') ?? old.resource, scope: old.scope };
        break;
      }
      case 'client_credentials':
        if (!auth.confidential) return fail('unauthorized_client', 'client_credentials needs a confidential client');
        grant = { sub: auth.clientId, resource: form.get('resource') ?? undefined, scope: form.get('scope') ?? undefined };
        break;
      case JWT_BEARER: {
        const assertion = form.get('assertion') ?? '';
        const jag = auth.confidential ? await verifyIdJag(assertion, this.options.idJagIssuers ?? [], this.issuer, auth.clientId) : undefined;
        const workload = jag === undefined ? await verifyWorkloadToken(assertion, this.options.workloadIssuers ?? [], this.issuer) : undefined;
        const sub = jag?.sub ?? workload;
        if (sub === undefined) return fail('invalid_grant', 'the assertion is not valid');
        if (jag?.resource !== undefined && form.get('resource') !== null && jag.resource !== form.get('resource'))
          return fail('invalid_grant', 'the ID-JAG is for another resource');
        grant = { sub, resource: form.get('resource') ?? jag?.resource, scope: this.grantable(form.get('scope') ?? undefined) };
        break;
      }
      default:
        return fail('unsupported_grant_type', 'unsupported grant');
    }
    const override = this.nextTokens.shift() ?? {};
    const accessToken = await this.sign(
      {
        sub: grant.sub,
        aud: grant.resource ?? 'urn:no-resource',
        client_id: auth.clientId,
        ...(grant.scope !== undefined && { scope: grant.scope }),
        ...(jkt && { jkt }),
      },
      override.expOffset ?? 3600,
    );
    let refreshToken: string | undefined;
    const grantType = form.get('grant_type');
    if (this.options.refreshTokens !== false && (grantType === 'authorization_code' || grantType === 'refresh_token')) {
      refreshToken = randomUUID();
      this.refresh.set(refreshToken, {
        clientId: auth.clientId,
        resource: grant.resource,
        scope: grant.scope,
        sub: grant.sub,
        ...(jkt && !auth.confidential && { jkt }),
      });
    }
    event.outcome = 'ok';
    return json({
      access_token: accessToken,
      token_type: jkt ? 'DPoP' : 'Bearer',
      expires_in: override.expiresIn ?? 3600,
      ...(refreshToken && { refresh_token: refreshToken }),
      ...(grant.scope !== undefined && { scope: grant.scope }),
    });
  }

  /** RFC 7662: the resource server (HTTP Basic) asks about a token; unknown, expired or revoked ones are inactive. */
  private async introspect(request: Request, path: string): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    const token = form.get('token') ?? '';
    this.events.push({ type: 'introspect', path, params: { token_type_hint: form.get('token_type_hint') ?? '' } });
    const rs = this.options.introspection!;
    if (request.headers.get('authorization') !== `Basic ${btoa(`${rs.clientId}:${rs.clientSecret}`)}`) return json({ error: 'invalid_client' }, 401);
    let claims: Record<string, unknown> | undefined = this.opaque.get(token);
    if (claims === undefined && !this.options.opaqueTokens) {
      try {
        claims = (await jwtVerify(token, this.verifyKey, { issuer: this.issuer })).payload;
      } catch {
        claims = undefined;
      }
    }
    const active = claims !== undefined && !this.revoked.has(token) && (claims.exp as number) > Date.now() / 1000;
    return json(active ? { active: true, ...claims } : { active: false }, 200, { 'cache-control': 'no-store' });
  }
}
