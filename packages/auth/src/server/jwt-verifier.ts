/**
 * A {@link TokenVerifier} for JWT access tokens (RFC 9068) signed by the authorization server, checked
 * with `jose`: signature against the server's JWKS, exact `iss`, `aud` containing this server's
 * canonical URI (RFC 8707 §2), `exp`/`nbf`, and an access-token `typ` when one is set.
 */
import type { JSONWebKeySet, JWTPayload, JWTVerifyGetKey } from 'jose';
import { jose, type Jose } from '../shared/jose.js';
import { AuthError } from '../shared/errors.js';
import type { TokenPrincipal } from '../shared/principal.js';
import { InvalidTokenError, type TokenVerifier, type VerifyContext } from './verifier.js';

/** Options of {@link jwtVerifier}. */
export interface JwtVerifierOptions {
  /** The exact issuer identifier of the authorization server. */
  issuer: string;
  /** The JWKS URL of the authorization server (fetched with `fetch`, cached by `jose`). */
  jwksUrl?: string | URL;
  /** Or a fixed key set. */
  jwks?: JSONWebKeySet;
  /** Accepted audiences (default: the guard's resource). */
  audience?: string | readonly string[];
  /** Accepted signature algorithms (default: the asymmetric RS, PS, ES and EdDSA families). */
  algorithms?: readonly string[];
  /** Clock skew allowed on `exp`/`nbf`, in seconds (default 5). */
  clockToleranceSeconds?: number;
}

const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];
const ACCESS_TOKEN_TYPES = new Set(['at+jwt', 'application/at+jwt', 'jwt']);

/**
 * Verifies JWT access tokens of one authorization server.
 * @example bearerGuard({ resource, verify: jwtVerifier({ issuer, jwksUrl: `${issuer}/jwks` }) })
 */
export function jwtVerifier(options: JwtVerifierOptions): TokenVerifier {
  if (typeof options.issuer !== 'string' || options.issuer === '') throw new AuthError('invalid_configuration', 'jwtVerifier needs an issuer');
  const { jwks, jwksUrl } = options;
  if (jwks === undefined && jwksUrl === undefined) throw new AuthError('invalid_configuration', 'jwtVerifier needs jwksUrl or jwks');
  const remote = jwksUrl === undefined ? undefined : new URL(jwksUrl);
  // The key set is made with the first token (jose loads lazily; a remote set fetches only then).
  let keys: JWTVerifyGetKey | undefined;
  const algorithms = [...(options.algorithms ?? ASYMMETRIC)];
  const clockTolerance = options.clockToleranceSeconds ?? 5;

  return async (token: string, context: VerifyContext): Promise<TokenPrincipal> => {
    const audience = options.audience === undefined ? context.resource : typeof options.audience === 'string' ? options.audience : [...options.audience];
    let payload: JWTPayload;
    const lib = await jose();
    keys ??= jwks !== undefined ? lib.createLocalJWKSet(jwks) : lib.createRemoteJWKSet(remote!);
    try {
      const result = await lib.jwtVerify(token, keys, { issuer: options.issuer, audience, algorithms, clockTolerance, requiredClaims: ['exp'] });
      const typ = result.protectedHeader.typ;
      if (typ !== undefined && !ACCESS_TOKEN_TYPES.has(typ.toLowerCase())) throw new InvalidTokenError(`The token is a ${typ}, not an access token`);
      payload = result.payload;
    } catch (error) {
      throw toInvalidToken(error, lib.errors);
    }
    return principalFromClaims(payload);
  };
}

/** Builds a {@link TokenPrincipal} from verified JWT claims (`scope` or `scp`, `client_id` or `azp`). */
export function principalFromClaims(claims: JWTPayload): TokenPrincipal {
  const subject = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : undefined;
  if (subject === undefined) throw new InvalidTokenError('The token has no subject');
  const scp = claims.scope ?? claims.scp;
  const scopes =
    typeof scp === 'string' ? scp.split(' ').filter((s) => s !== '') : Array.isArray(scp) ? scp.filter((s): s is string => typeof s === 'string') : [];
  const clientId = typeof claims.client_id === 'string' ? claims.client_id : typeof claims.azp === 'string' ? claims.azp : undefined;
  return {
    subject,
    ...(typeof claims.iss === 'string' && { issuer: claims.iss }),
    ...(clientId !== undefined && { clientId }),
    scopes: [...new Set(scopes)],
    ...(typeof claims.exp === 'number' && { expiresAt: claims.exp }),
    claims: { ...claims },
  };
}

/** Maps jose's verdicts on a bad token to {@link InvalidTokenError}; other failures pass through. */
function toInvalidToken(error: unknown, errors: Jose['errors']): unknown {
  if (error instanceof InvalidTokenError) return error;
  if (error instanceof errors.JWTExpired) return new InvalidTokenError('The token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    const claim = error.claim;
    if (claim === 'aud') return new InvalidTokenError('The token was not issued for this server');
    if (claim === 'iss') return new InvalidTokenError('The token was issued by another authorization server');
    return new InvalidTokenError(`The token's ${claim} claim is invalid`);
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JOSEAlgNotAllowed ||
    error instanceof errors.JOSENotSupported ||
    error instanceof errors.JWKSMultipleMatchingKeys
  ) {
    return new InvalidTokenError('The token is not valid');
  }
  return error;
}
