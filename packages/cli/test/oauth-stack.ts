/**
 * A protected MCP server and a small authorization server, both on 127.0.0.1, for the sign-in tests
 * of the built `mcpkit`. The authorization server approves at once (or refuses, with `deny`), so a
 * test plays the browser: it GETs the authorization URL mcpkit prints and follows the redirect to
 * mcpkit's loopback listener. It also serves the client-credentials grant (Basic or
 * private_key_jwt) and the JWT bearer grant for workload tokens of a trusted issuer, and with `dpop`
 * binds tokens to the proof's key (RFC 9449). Access tokens are ES256 JWTs (`jose`); the server
 * checks them with `bearerGuard` (DPoP taken) + `jwtVerifier` of `@mcpkit/auth/server`, and serves
 * both eras through `dualEra`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { bearerGuard, jwtVerifier, protectedResourceMetadata, scopeChallenge } from '@mcpkit/auth/server';
import { serveHttp, type HttpServer } from '@mcpkit/http/node';
import { dualEra, type DualEraServer } from '@mcpkit/legacy';
import { createServer, tool, type McpServer } from '@mcpkit/server';
import {
  calculateJwkThumbprint,
  decodeProtectedHeader,
  EmbeddedJWK,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
} from 'jose';

/** A client registered with the test authorization server ahead of time (a confidential one). */
export const PRE_REGISTERED = { clientId: 'mcpkit-test-app', clientSecret: 'pre-registered-secret-8d1f' } as const;
/** The issuer of workload identity tokens the authorization server trusts (a CI platform). */
export const WORKLOAD_ISSUER = 'https://ci.example.test';

interface Client {
  secret?: string;
  redirectUris?: string[];
  /** Public key for private_key_jwt. */
  jwk?: JWK;
}

/** What the authorization server saw, for assertions. */
export interface AsEvent {
  type: 'register' | 'authorize' | 'token';
  params: Record<string, string>;
  clientAuth?: string;
  /** The thumbprint of the token request's DPoP proof key. */
  dpopJkt?: string;
}

export class TestAuthorizationServer {
  readonly events: AsEvent[] = [];
  /** Refuse every authorization as a user who clicks "Deny" would (`error=access_denied`). */
  deny = false;
  /** Advertise Client ID Metadata Documents and take an https `client_id` as a public client (its document is not fetched here). */
  cimd = false;
  /** Offer dynamic client registration. */
  registration = true;
  /** Advertise DPoP and bind tokens to the key of a token request's proof. */
  dpop = false;
  /** Every access token issued, to prove none of them is printed. */
  readonly issued: string[] = [];
  /** Every client secret handed out by registration. */
  readonly secrets: string[] = [PRE_REGISTERED.clientSecret];
  private readonly clients = new Map<string, Client>([[PRE_REGISTERED.clientId, { secret: PRE_REGISTERED.clientSecret }]]);
  private readonly codes = new Map<string, { clientId: string; redirectUri: string; challenge: string; resource: string; scope?: string }>();
  private workloadKey!: CryptoKey;
  private workloadJwk!: JWK;
  private constructor(
    private readonly node: HttpServer,
    private readonly key: CryptoKey,
    private readonly jwk: JWK,
  ) {}

  static async start(): Promise<TestAuthorizationServer> {
    const pair = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    let as: TestAuthorizationServer | undefined;
    const node = await serveHttp((request) => as!.handle(request));
    as = new TestAuthorizationServer(node, pair.privateKey, jwk);
    const workload = await generateKeyPair('ES256', { extractable: true });
    as.workloadKey = workload.privateKey;
    as.workloadJwk = await exportJWK(workload.publicKey);
    return as;
  }

  /** A workload identity token for this server, as the trusted CI issuer signs them. */
  workloadToken(sub: string): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(WORKLOAD_ISSUER)
      .setSubject(sub)
      .setAudience(this.issuer)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(this.workloadKey);
  }

  /** Registers a private_key_jwt client; returns its private key as PKCS#8 PEM. */
  async keyClient(clientId: string): Promise<string> {
    const pair = await generateKeyPair('ES256', { extractable: true });
    this.clients.set(clientId, { jwk: { ...(await exportJWK(pair.publicKey)), alg: 'ES256' } });
    return exportPKCS8(pair.privateKey);
  }

  get issuer(): string {
    return this.node.url.replace(/\/$/, '');
  }
  eventsOf(type: AsEvent['type']): AsEvent[] {
    return this.events.filter((e) => e.type === type);
  }
  close(): Promise<void> {
    return this.node.close();
  }

  /** Signs an access token for `aud` as this server would (for `--token`), bound to `jkt` if given. */
  async sign(aud: string, scope: string, expiresIn = 3600, jkt?: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ scope, client_id: 'test', ...(jkt && { cnf: { jkt } }) })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'at+jwt' })
      .setIssuer(this.issuer)
      .setSubject('ada')
      .setAudience(aud)
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .setJti(randomUUID())
      .sign(this.key);
    this.issued.push(token);
    return token;
  }

  private metadataDocumentClient(clientId: string | undefined): Client | undefined {
    return this.cimd && clientId?.startsWith('https://') ? {} : undefined;
  }

  private async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /.well-known/oauth-authorization-server') return json(this.metadata());
    if (route === 'GET /jwks') return json({ keys: [this.jwk] });
    if (route === 'POST /register') return this.register(request);
    if (route === 'GET /authorize') return this.authorize(url);
    if (route === 'POST /token') return this.token(request);
    return json({ error: 'not_found' }, 404);
  }

  private metadata() {
    return {
      issuer: this.issuer,
      authorization_endpoint: `${this.issuer}/authorize`,
      token_endpoint: `${this.issuer}/token`,
      ...(this.registration && { registration_endpoint: `${this.issuer}/register` }),
      jwks_uri: `${this.issuer}/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials', 'urn:ietf:params:oauth:grant-type:jwt-bearer'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt'],
      ...(this.dpop && { dpop_signing_alg_values_supported: ['ES256'] }),
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      ...(this.cimd && { client_id_metadata_document_supported: true }),
    };
  }

  private async register(request: Request): Promise<Response> {
    const body = (await request.json()) as { redirect_uris?: string[]; token_endpoint_auth_method?: string };
    this.events.push({ type: 'register', params: { redirect_uris: JSON.stringify(body.redirect_uris) } });
    const clientId = `dyn-${randomUUID()}`;
    const method = body.token_endpoint_auth_method ?? 'client_secret_basic';
    const secret = method === 'none' ? undefined : `dyn-secret-${randomUUID()}`;
    if (secret) this.secrets.push(secret);
    this.clients.set(clientId, { secret, redirectUris: body.redirect_uris });
    return json({ client_id: clientId, ...(secret && { client_secret: secret }), redirect_uris: body.redirect_uris, token_endpoint_auth_method: method }, 201);
  }

  private authorize(url: URL): Response {
    const params = Object.fromEntries(url.searchParams);
    this.events.push({ type: 'authorize', params });
    const client = this.clients.get(params.client_id ?? '') ?? this.metadataDocumentClient(params.client_id);
    const redirectUri = params.redirect_uri ?? '';
    // RFC 8252 §7.3: a loopback redirect URI of a pre-registered native client may use any port.
    if (!client || (client.redirectUris && !client.redirectUris.includes(redirectUri)) || !redirectUri.startsWith('http://127.0.0.1:')) {
      return json({ error: 'invalid_request', error_description: 'unknown client or redirect_uri' }, 400);
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', params.state ?? '');
    back.searchParams.set('iss', this.issuer);
    if (this.deny) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'the user denied access');
    } else {
      const code = randomUUID();
      this.codes.set(code, {
        clientId: params.client_id!,
        redirectUri,
        challenge: params.code_challenge ?? '',
        resource: params.resource ?? '',
        scope: params.scope,
      });
      back.searchParams.set('code', code);
    }
    return new Response(null, { status: 302, headers: { location: back.href } });
  }

  private async token(request: Request): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    const event: AsEvent = { type: 'token', params: Object.fromEntries(form) };
    this.events.push(event);
    let clientId = form.get('client_id') ?? '';
    let secret = form.get('client_secret') ?? undefined;
    event.clientAuth = secret === undefined ? 'none' : 'client_secret_post';
    const basic = request.headers.get('authorization');
    if (basic?.startsWith('Basic ')) {
      [clientId, secret] = atob(basic.slice(6))
        .split(':')
        .map((s) => decodeURIComponent(s)) as [string, string];
      event.clientAuth = 'client_secret_basic';
    }
    const grantType = form.get('grant_type');
    const client = this.clients.get(clientId) ?? this.metadataDocumentClient(clientId);
    const assertion = form.get('client_assertion');
    if (client?.jwk && assertion !== null) {
      try {
        await jwtVerify(assertion, await importJWK(client.jwk, 'ES256'), { issuer: clientId, subject: clientId, audience: this.issuer });
        event.clientAuth = 'private_key_jwt';
      } catch {
        return json({ error: 'invalid_client' }, 401);
      }
    } else if (!(grantType === 'urn:ietf:params:oauth:grant-type:jwt-bearer' && clientId === '') && (!client || client.secret !== secret)) {
      return json({ error: 'invalid_client' }, 401);
    }
    const jkt = await this.proofKey(request.headers.get('dpop'));
    if (jkt === null) return json({ error: 'invalid_dpop_proof' }, 400);
    if (jkt !== undefined) event.dpopJkt = jkt;
    let grant: { sub: string; resource: string; scope?: string | undefined };
    if (grantType === 'client_credentials') {
      grant = { sub: clientId, resource: form.get('resource') ?? '', scope: form.get('scope') ?? undefined };
    } else if (grantType === 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      try {
        const { payload } = await jwtVerify(form.get('assertion') ?? '', await importJWK(this.workloadJwk, 'ES256'), {
          issuer: WORKLOAD_ISSUER,
          audience: this.issuer,
        });
        grant = { sub: payload.sub!, resource: form.get('resource') ?? '', scope: form.get('scope') ?? undefined };
      } catch {
        return json({ error: 'invalid_grant', error_description: 'the workload token is not valid' }, 400);
      }
    } else {
      const code = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (grantType !== 'authorization_code' || !code || code.clientId !== clientId || code.redirectUri !== form.get('redirect_uri')) {
        return json({ error: 'invalid_grant' }, 400);
      }
      if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge) return json({ error: 'invalid_grant', error_description: 'PKCE' }, 400);
      grant = { sub: 'ada', resource: code.resource, scope: code.scope };
    }
    const accessToken = await this.sign(grant.resource, grant.scope ?? '', 3600, jkt);
    return json({ access_token: accessToken, token_type: jkt ? 'DPoP' : 'Bearer', expires_in: 3600, ...(grant.scope !== undefined && { scope: grant.scope }) });
  }

  /** The key thumbprint of a token request's DPoP proof (RFC 9449 §5): undefined without one or when DPoP is off, null when invalid. */
  private async proofKey(proof: string | null): Promise<string | undefined | null> {
    if (!this.dpop || proof === null) return undefined;
    try {
      const header = decodeProtectedHeader(proof);
      const { payload } = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256'] });
      if (payload.htm !== 'POST' || payload.htu !== `${this.issuer}/token`) return null;
      return await calculateJwkThumbprint(header.jwk!, 'sha256');
    } catch {
      return null;
    }
  }
}

/** The notes server: `read_notes` needs `notes:read`, `write_note` needs `notes:write`. */
function notesServer(): McpServer {
  const readNotes = tool({
    name: 'read_notes',
    description: 'Lists the notes',
    scopes: ['notes:read'],
    handler: () => ({ content: [{ type: 'text', text: 'buy milk' }] }),
  });
  const writeNote = tool({
    name: 'write_note',
    description: 'Adds a note',
    scopes: ['notes:write'],
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    handler: (args) => ({ content: [{ type: 'text', text: `saved: ${String(args.text)}` }] }),
  });
  return createServer({ info: { name: 'notes', version: '1.0.0' }, tools: [readNotes, writeNote] });
}

/** The authorization server and the protected endpoint (`url`, both eras). */
export interface ProtectedStack {
  readonly as: TestAuthorizationServer;
  readonly url: string;
  /** The statuses the MCP endpoint answered, in order. */
  readonly statuses: number[];
  close(): Promise<void>;
}

export async function startProtectedStack(): Promise<ProtectedStack> {
  const as = await TestAuthorizationServer.start();
  const server = notesServer();
  const dual: DualEraServer = dualEra(server, { onError: () => undefined });
  const statuses: number[] = [];
  let handler: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
  const node = await serveHttp((request) => handler(request));
  const url = `${node.url}mcp`;
  const metadata = protectedResourceMetadata({ resource: url, authorizationServers: [as.issuer], scopesSupported: ['notes:read'] });
  const mcp = dual.httpHandler({
    authenticate: bearerGuard({ resource: url, verify: jwtVerifier({ issuer: as.issuer, jwksUrl: `${as.issuer}/jwks` }), dpop: true }),
    authorize: scopeChallenge({ resource: url, scopes: server }),
  });
  handler = async (request) => {
    const served = metadata(request);
    if (served !== undefined) return served;
    const response = await mcp(request);
    if (new URL(request.url).pathname === '/mcp') statuses.push(response.status);
    return response;
  };
  return {
    as,
    url,
    statuses,
    async close() {
      await dual.close();
      await node.close();
      await server.close();
      await as.close();
    },
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}

/**
 * Plays the user's browser: waits for mcpkit's "Open this URL to sign in" line, GETs the URL and
 * follows the authorization server's redirect to mcpkit's loopback listener.
 */
export function browser(): { onStderr: (text: string) => void; visits: Promise<{ url: string; page: string }>[] } {
  let seen = '';
  const visits: Promise<{ url: string; page: string }>[] = [];
  return {
    visits,
    onStderr(text: string) {
      seen += text;
      let match: RegExpExecArray | null;
      const pattern = /Open this URL to sign in: (\S+)\n/g;
      let count = 0;
      while ((match = pattern.exec(seen)) !== null) {
        if (++count > visits.length) {
          const url = match[1]!;
          visits.push(
            fetch(url).then(
              async (response) => ({ url: response.url, page: await response.text() }),
              (error: unknown) => ({ url, page: `failed: ${String(error)}` }),
            ),
          );
        }
      }
    },
  };
}
