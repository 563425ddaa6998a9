/**
 * Client authentication at the token endpoint: `client_secret_basic` (RFC 6749 §2.3.1),
 * `client_secret_post`, `none` (public clients) and `private_key_jwt` (RFC 7523 §2.2, signed with `jose`).
 */
import type { CryptoKey, JWK } from 'jose';
import { jose } from '../shared/jose.js';
import { AuthError } from '../shared/errors.js';
import { randomToken } from './pkce.js';

/** A token endpoint authentication method this client can use. */
export type TokenEndpointAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none' | 'private_key_jwt';

/** A private key for `private_key_jwt`: a PKCS#8 PEM string, a private JWK, or a `CryptoKey`. */
export type PrivateKeyInput = string | JWK | CryptoKey;

/** The credentials a token request authenticates with. */
export interface ClientCredentialsInput {
  clientId: string;
  clientSecret?: string;
  privateKey?: PrivateKeyInput;
  /** The JWS algorithm for `private_key_jwt` (default: the JWK's `alg`, else `ES256`). */
  signingAlgorithm?: string;
  /** Force a method; otherwise it is chosen from what the client has and what the server supports. */
  tokenEndpointAuthMethod?: string;
}

/** Picks the method: a private key means `private_key_jwt`, no secret means `none`, else what the server supports. */
export function chooseAuthMethod(client: ClientCredentialsInput, serverMethods: readonly string[] | undefined): TokenEndpointAuthMethod {
  const configured = client.tokenEndpointAuthMethod;
  if (configured !== undefined) {
    if (configured === 'client_secret_basic' || configured === 'client_secret_post' || configured === 'none' || configured === 'private_key_jwt') {
      return configured;
    }
    throw new AuthError('invalid_configuration', `Unsupported token endpoint auth method ${JSON.stringify(configured)}`);
  }
  if (client.privateKey !== undefined) return 'private_key_jwt';
  if (client.clientSecret === undefined) return 'none';
  // RFC 8414 §2: when the list is absent the default is client_secret_basic.
  const methods = serverMethods ?? ['client_secret_basic'];
  if (methods.includes('client_secret_basic')) return 'client_secret_basic';
  if (methods.includes('client_secret_post')) return 'client_secret_post';
  return 'client_secret_basic';
}

/** Form-urlencodes one value (RFC 6749 Appendix B), as Basic credentials require. */
function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

/** Adds the client authentication of `method` to a token request's headers and body. */
export async function authenticateClient(
  method: TokenEndpointAuthMethod,
  client: ClientCredentialsInput,
  issuer: string,
  headers: Headers,
  body: URLSearchParams,
): Promise<void> {
  switch (method) {
    case 'client_secret_basic': {
      const secret = requireSecret(client, method);
      headers.set('authorization', `Basic ${btoa(`${formEncode(client.clientId)}:${formEncode(secret)}`)}`);
      return;
    }
    case 'client_secret_post':
      body.set('client_id', client.clientId);
      body.set('client_secret', requireSecret(client, method));
      return;
    case 'none':
      body.set('client_id', client.clientId);
      return;
    case 'private_key_jwt':
      body.set('client_id', client.clientId);
      body.set('client_assertion_type', 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
      body.set('client_assertion', await clientAssertion(client, issuer));
      return;
  }
}

function requireSecret(client: ClientCredentialsInput, method: string): string {
  if (client.clientSecret === undefined) throw new AuthError('invalid_configuration', `${method} needs a client secret`);
  return client.clientSecret;
}

/** A short-lived RFC 7523 client assertion: `iss` = `sub` = client id, `aud` = the issuer. */
async function clientAssertion(client: ClientCredentialsInput, issuer: string): Promise<string> {
  if (client.privateKey === undefined) throw new AuthError('invalid_configuration', 'private_key_jwt needs a private key');
  const { key, alg } = await importPrivateKey(client.privateKey, client.signingAlgorithm);
  const now = Math.floor(Date.now() / 1000);
  const { SignJWT } = await jose();
  return new SignJWT({})
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setIssuer(client.clientId)
    .setSubject(client.clientId)
    .setAudience(issuer)
    .setIssuedAt(now)
    .setExpirationTime(now + 60)
    .setJti(randomToken(16))
    .sign(key);
}

async function importPrivateKey(input: PrivateKeyInput, algorithm: string | undefined): Promise<{ key: CryptoKey | Uint8Array; alg: string }> {
  try {
    const { importJWK, importPKCS8 } = await jose();
    if (typeof input === 'string') {
      const alg = algorithm ?? 'ES256';
      return { key: await importPKCS8(input, alg), alg };
    }
    if (isJwk(input)) {
      const alg = algorithm ?? input.alg ?? 'ES256';
      return { key: await importJWK(input, alg), alg };
    }
    return { key: input, alg: algorithm ?? 'ES256' };
  } catch (cause) {
    throw new AuthError('invalid_configuration', 'The private_key_jwt key could not be imported', { cause });
  }
}

function isJwk(input: JWK | CryptoKey): input is JWK {
  return typeof (input as JWK).kty === 'string';
}
