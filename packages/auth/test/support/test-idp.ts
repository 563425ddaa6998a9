/**
 * A tiny enterprise identity provider for tests, on 127.0.0.1: OpenID Connect discovery, ID tokens
 * for its users, and a token endpoint that does the RFC 8693 exchange of enterprise-managed
 * authorization (spec: extensions/auth/enterprise-managed-authorization.mdx §4): it checks the ID
 * token (its signature, and `aud` the client that asks), then issues an ID-JAG (`typ`
 * oauth-id-jag+jwt) for the audience and resource asked for, naming the client's id at that
 * authorization server.
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';
import { json, serve, type Served } from './serve.js';

export interface IdpExchange {
  params: Record<string, string>;
  outcome: string;
}

export class TestIdentityProvider {
  readonly exchanges: IdpExchange[] = [];
  private served!: Served;
  private key!: CryptoKey;
  private verifyKey!: CryptoKey;
  /** The public key the MCP authorization server trusts for ID-JAGs. */
  publicJwk!: JWK;

  /** `clientId`: this client's id at the IdP; `mcpClientId`: its id at the MCP authorization server (the ID-JAG's client_id). */
  private constructor(
    readonly clientId: string,
    readonly mcpClientId: string,
  ) {}

  static async start(clientId: string, mcpClientId: string): Promise<TestIdentityProvider> {
    const idp = new TestIdentityProvider(clientId, mcpClientId);
    const pair = await generateKeyPair('ES256', { extractable: true });
    idp.key = pair.privateKey;
    idp.verifyKey = pair.publicKey;
    idp.publicJwk = { ...(await exportJWK(pair.publicKey)), alg: 'ES256' };
    idp.served = await serve((request) => idp.handle(request));
    return idp;
  }

  get issuer(): string {
    return this.served.url;
  }
  close(): Promise<void> {
    return this.served.close();
  }

  /** The ID token a single sign-on to the client would have given `sub`. */
  idToken(sub: string, aud = this.clientId): Promise<string> {
    return new SignJWT({ email: `${sub}@example.com` })
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(this.issuer)
      .setSubject(sub)
      .setAudience(aud)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(this.key);
  }

  private async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer: this.issuer,
        token_endpoint: `${this.issuer}/token`,
        authorization_endpoint: `${this.issuer}/authorize`,
        jwks_uri: `${this.issuer}/jwks`,
        grant_types_supported: ['urn:ietf:params:oauth:grant-type:token-exchange'],
        token_endpoint_auth_methods_supported: ['none'],
      });
    }
    if (request.method === 'POST' && url.pathname === '/token') return this.exchange(new URLSearchParams(await request.text()));
    return json({ error: 'not_found' }, 404);
  }

  private async exchange(form: URLSearchParams): Promise<Response> {
    const record: IdpExchange = { params: Object.fromEntries(form), outcome: 'ok' };
    this.exchanges.push(record);
    const fail = (error: string) => {
      record.outcome = error;
      return json({ error }, 400);
    };
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:token-exchange') return fail('unsupported_grant_type');
    if (form.get('requested_token_type') !== 'urn:ietf:params:oauth:token-type:id-jag') return fail('invalid_request');
    if (form.get('subject_token_type') !== 'urn:ietf:params:oauth:token-type:id_token' || !form.get('audience') || !form.get('resource'))
      return fail('invalid_request');
    let sub: string;
    try {
      // §4.1: the ID token's audience is the client making the exchange.
      const { payload } = await jwtVerify(form.get('subject_token') ?? '', this.verifyKey, { issuer: this.issuer, audience: form.get('client_id') ?? '' });
      sub = payload.sub!;
    } catch {
      return fail('invalid_grant');
    }
    const idJag = await new SignJWT({ resource: form.get('resource'), client_id: this.mcpClientId, ...(form.get('scope') && { scope: form.get('scope') }) })
      .setProtectedHeader({ alg: 'ES256', typ: 'oauth-id-jag+jwt' })
      .setIssuer(this.issuer)
      .setSubject(sub)
      .setAudience(form.get('audience')!)
      .setIssuedAt()
      .setExpirationTime('5m')
      .setJti(randomUUID())
      .sign(this.key);
    return json({ access_token: idJag, issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag', token_type: 'N_A', expires_in: 300 });
  }
}
