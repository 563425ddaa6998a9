/**
 * Client authentication at the test authorization server's token endpoint (RFC 6749 §2.3.1 Basic
 * and post, RFC 7523 §2.2 private_key_jwt, public clients, and none at all for an assertion grant).
 */
import { importJWK, jwtVerify } from 'jose';
import { json } from './serve.js';
import type { TestClient } from './test-as.js';

export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

export interface ClientAuthContext {
  clients: Map<string, TestClient>;
  issuer: string;
  /** Take an https client_id as a public Client ID Metadata Document client. */
  cimd: boolean;
}

/** Authenticates the token request's client; returns its id and method, or an error response. */
export async function authenticateClient(
  request: Request,
  form: URLSearchParams,
  ctx: ClientAuthContext,
): Promise<{ clientId: string; method: string; confidential: boolean } | Response> {
  const header = request.headers.get('authorization');
  if (header?.startsWith('Basic ')) {
    const [id, secret] = atob(header.slice(6))
      .split(':')
      .map((s) => decodeURIComponent(s.replace(/\+/g, ' ')));
    const client = ctx.clients.get(id ?? '');
    if (!client?.clientSecret || client.clientSecret !== secret) return json({ error: 'invalid_client' }, 401);
    return { clientId: client.clientId, method: 'client_secret_basic', confidential: true };
  }
  const assertion = form.get('client_assertion');
  if (assertion !== null) {
    const client = ctx.clients.get(form.get('client_id') ?? '');
    if (!client?.jwk) return json({ error: 'invalid_client' }, 401);
    try {
      const { payload } = await jwtVerify(assertion, await importJWK(client.jwk, client.jwk.alg ?? 'ES256'), {
        audience: ctx.issuer,
        issuer: client.clientId,
        subject: client.clientId,
      });
      if (typeof payload.jti !== 'string') throw new Error('no jti');
    } catch {
      return json({ error: 'invalid_client', error_description: 'bad client assertion' }, 401);
    }
    return { clientId: client.clientId, method: 'private_key_jwt', confidential: true };
  }
  const id = form.get('client_id') ?? '';
  const client = ctx.clients.get(id);
  const secret = form.get('client_secret');
  if (secret !== null) {
    if (!client?.clientSecret || client.clientSecret !== secret) return json({ error: 'invalid_client' }, 401);
    return { clientId: id, method: 'client_secret_post', confidential: true };
  }
  if (client?.clientSecret) return json({ error: 'invalid_client', error_description: 'client authentication required' }, 401);
  // RFC 7523 §3.1: an assertion grant needs no client authentication.
  if (id === '' && form.get('grant_type') === JWT_BEARER) return { clientId: '', method: 'none', confidential: false };
  if (!client && !(ctx.cimd && id.startsWith('https://'))) return json({ error: 'invalid_client' }, 401);
  return { clientId: id, method: 'none', confidential: false };
}
