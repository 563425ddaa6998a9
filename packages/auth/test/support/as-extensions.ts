/**
 * What the test authorization server does beyond the core grants, written from the RFCs with `jose`:
 * checking the DPoP proof of a token request (RFC 9449 §4.3, §5, with an optional nonce, §8), and
 * checking the assertion of a JWT bearer grant (RFC 7523 §3): a workload token from a trusted issuer,
 * or an ID-JAG from a trusted IdP (enterprise-managed authorization §5.1).
 */
import { randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, decodeJwt, decodeProtectedHeader, EmbeddedJWK, importJWK, jwtVerify, type JWK } from 'jose';

/** DPoP at the token endpoint. */
export interface AsDpopOptions {
  /** Advertised in `dpop_signing_alg_values_supported` (default ['ES256']). */
  algs?: string[];
  /** Answer a proof without the current nonce with 400 use_dpop_nonce (RFC 9449 §8). */
  requireNonce?: boolean;
}

/** A trusted signer of assertions: workload identity tokens or ID-JAGs. */
export interface TrustedIssuer {
  issuer: string;
  jwk: JWK;
}

export type ProofVerdict = { ok: true; jkt: string } | { ok: false; status: number; body: Record<string, string>; headers?: Record<string, string> };

export class AsDpop {
  /** The nonce the server wants in proofs (rotated by tests with `rotateNonce`). */
  nonce = `as-nonce-${randomUUID()}`;
  readonly seenJtis = new Set<string>();

  constructor(readonly options: AsDpopOptions) {}

  rotateNonce(): void {
    this.nonce = `as-nonce-${randomUUID()}`;
  }

  /** Checks the `DPoP` header of a token request to `tokenEndpoint`. */
  async check(header: string | null, tokenEndpoint: string): Promise<ProofVerdict | undefined> {
    if (header === null) return undefined;
    const invalid = (description: string): ProofVerdict => ({ ok: false, status: 400, body: { error: 'invalid_dpop_proof', error_description: description } });
    if (header.includes(',')) return invalid('more than one proof');
    let jkt: string;
    let payload: Record<string, unknown>;
    try {
      const protectedHeader = decodeProtectedHeader(header);
      if (protectedHeader.typ !== 'dpop+jwt') return invalid('typ');
      if (protectedHeader.jwk === undefined || 'd' in protectedHeader.jwk) return invalid('jwk');
      ({ payload } = await jwtVerify(header, EmbeddedJWK, { algorithms: this.options.algs ?? ['ES256'] }));
      jkt = await calculateJwkThumbprint(protectedHeader.jwk, 'sha256');
    } catch {
      return invalid('signature');
    }
    if (payload.htm !== 'POST' || payload.htu !== tokenEndpoint) return invalid('htm/htu');
    if (typeof payload.iat !== 'number' || Math.abs(payload.iat - Date.now() / 1000) > 60) return invalid('iat');
    if (typeof payload.jti !== 'string' || this.seenJtis.has(payload.jti)) return invalid('jti');
    this.seenJtis.add(payload.jti);
    if (this.options.requireNonce && payload.nonce !== this.nonce) {
      return { ok: false, status: 400, body: { error: 'use_dpop_nonce', error_description: 'nonce required' }, headers: { 'dpop-nonce': this.nonce } };
    }
    return { ok: true, jkt };
  }
}

/** Verifies a workload identity token (RFC 7523 §3: iss trusted, aud this server, exp, sub); returns its subject. */
export async function verifyWorkloadToken(assertion: string, trusted: readonly TrustedIssuer[], audience: string): Promise<string | undefined> {
  try {
    const issuer = trusted.find((t) => t.issuer === decodeJwt(assertion).iss);
    if (issuer === undefined) return undefined;
    const { payload } = await jwtVerify(assertion, await importJWK(issuer.jwk, issuer.jwk.alg ?? 'ES256'), {
      issuer: issuer.issuer,
      audience,
      requiredClaims: ['exp', 'sub'],
    });
    return payload.sub;
  } catch {
    return undefined;
  }
}

/** Verifies an ID-JAG (typ oauth-id-jag+jwt, aud this server, client_id the authenticated client); returns its subject and resource. */
export async function verifyIdJag(
  assertion: string,
  trusted: readonly TrustedIssuer[],
  audience: string,
  clientId: string,
): Promise<{ sub: string; resource?: string } | undefined> {
  try {
    if (decodeProtectedHeader(assertion).typ !== 'oauth-id-jag+jwt') return undefined;
    const issuer = trusted.find((t) => t.issuer === decodeJwt(assertion).iss);
    if (issuer === undefined) return undefined;
    const { payload } = await jwtVerify(assertion, await importJWK(issuer.jwk, issuer.jwk.alg ?? 'ES256'), {
      issuer: issuer.issuer,
      audience,
      requiredClaims: ['exp', 'sub', 'jti'],
    });
    if (payload.client_id !== clientId) return undefined;
    return { sub: payload.sub!, ...(typeof payload.resource === 'string' && { resource: payload.resource }) };
  } catch {
    return undefined;
  }
}
