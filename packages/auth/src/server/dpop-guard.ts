/**
 * DPoP in {@link bearerGuard} (RFC 9449 §7): the options, and the checks that need state around the
 * stateless proof check: server nonces (§9), the token's `cnf.jkt` binding (§6.1, from a JWT or an
 * introspection response alike, since both land in the principal's claims), refusing a bound token
 * sent as Bearer (§7.2), and single use of each proof (§11.1) through a replay guard.
 */
import { DPOP_ALGORITHMS, DPOP_HEADER } from '../shared/dpop.js';
import { AuthError } from '../shared/errors.js';
import type { TokenPrincipal } from '../shared/principal.js';
import type { DpopRefusal } from './dpop-challenge.js';
import { DpopNonces, type DpopNonceOptions } from './dpop-nonces.js';
import { checkDpopProof, DpopProofError, type CheckedProof } from './dpop-proof.js';
import { MemoryProofReplayGuard, proofId, type ProofReplayGuard } from './proof-replay.js';

/** The `dpop` option of {@link bearerGuard}. */
export interface DpopGuardOptions {
  /** Accept only DPoP-bound tokens with proofs; Bearer tokens are refused (default false: both schemes). */
  required?: boolean;
  /** The proof algorithms accepted, advertised as `algs` (default: ES256/384/512, EdDSA, PS256/384/512, RS256/384/512). */
  algorithms?: readonly string[];
  /** How old a proof's `iat` may be, in seconds (default 60); with `nonce`, the nonce dates a proof instead. */
  maxAgeSeconds?: number;
  /** How far ahead of this server's clock a proof's `iat` may be, in seconds (default 10). */
  clockToleranceSeconds?: number;
  /**
   * Makes every proof single use: any `ReplayGuard` (`MemoryReplayGuard` of `@mcpkit/server`,
   * `RedisReplayGuard` of `@mcpkit/redis` to share it between replicas). Default: a bounded map in
   * this process (right for one replica only).
   */
  replayGuard?: { claim(id: string, expiresAt: number): Promise<boolean> };
  /**
   * Live proof ids the default replay guard holds (default 100 000, about 100 bytes each). Each id
   * lives as long as its proof could be accepted, so it takes about `maxProofIds / (maxAgeSeconds +
   * clockToleranceSeconds)` proofs a second to fill it; when full, a new proof is answered 503
   * (`Retry-After`) rather than an id forgotten that could then be replayed.
   */
  maxProofIds?: number;
  /** Require a server nonce in every proof (RFC 9449 §9); `true` for the defaults. Replicas need a shared `secret`. */
  nonce?: boolean | DpopNonceOptions;
  /**
   * The URI the client addressed, which a proof's `htu` must name. Default: the origin of the guard's
   * `resource` with the path of the request, never a URL built from the `Host` header (which the
   * client chooses). Give it when clients address this server by another origin than `resource`, or
   * a proxy changes the path.
   */
  requestUri?: (request: Request) => string;
  /** The clock, in milliseconds since the epoch (default `Date.now`). */
  now?: () => number;
}

/** A proof that passed, or why the request is refused. */
export type ProofOutcome = { proof: CheckedProof; until: number } | { refusal: DpopRefusal };

export class DpopChecker {
  readonly algorithms: readonly string[];
  readonly required: boolean;
  private readonly maxAge: number;
  private readonly tolerance: number;
  private readonly nonces: DpopNonces | undefined;
  private replay: ProofReplayGuard | undefined;
  private readonly now: () => number;
  private readonly maxProofIds: number;

  /** `resource`: the guard's resource URI, whose origin a proof's `htu` must name (unless `requestUri`). */
  constructor(
    private readonly options: DpopGuardOptions,
    private readonly resource: URL,
  ) {
    this.algorithms = [...(options.algorithms ?? DPOP_ALGORITHMS)];
    const unknown = this.algorithms.filter((alg) => !(DPOP_ALGORITHMS as readonly string[]).includes(alg));
    if (this.algorithms.length === 0 || unknown.length > 0) {
      throw new AuthError(
        'invalid_configuration',
        `dpop.algorithms must be asymmetric JWS algorithms${unknown.length > 0 ? ` (not ${unknown.join(', ')})` : ''}`,
      );
    }
    this.required = options.required === true;
    this.maxAge = positive(options.maxAgeSeconds ?? 60, 'dpop.maxAgeSeconds');
    this.tolerance = positive(options.clockToleranceSeconds ?? 10, 'dpop.clockToleranceSeconds');
    this.nonces = options.nonce === undefined || options.nonce === false ? undefined : new DpopNonces(options.nonce === true ? {} : options.nonce);
    this.now = options.now ?? Date.now;
    this.maxProofIds = options.maxProofIds ?? 100_000;
    if (!Number.isInteger(this.maxProofIds) || this.maxProofIds < 1)
      throw new AuthError('invalid_configuration', 'dpop.maxProofIds must be a positive integer');
  }

  /** The stateless checks of the proof, then the nonce (a missing or stale one gets a fresh nonce). */
  async checkProof(request: Request, accessToken: string): Promise<ProofOutcome> {
    const now = this.now();
    let proof: CheckedProof;
    try {
      proof = await checkDpopProof(request.headers.get(DPOP_HEADER), {
        method: request.method,
        uri: this.options.requestUri?.(request) ?? this.target(request),
        accessToken,
        algorithms: this.algorithms,
        now,
        maxAgeSeconds: this.maxAge,
        clockToleranceSeconds: this.tolerance,
        // RFC 9449 §11.1: with server nonces the nonce dates the proof, whatever the client's clock says.
        checkIat: this.nonces === undefined,
      });
    } catch (error) {
      if (error instanceof DpopProofError) return { refusal: { scheme: 'DPoP', error: 'invalid_dpop_proof', description: error.message } };
      throw error;
    }
    if (this.nonces === undefined) return { proof, until: (proof.iat + this.maxAge) * 1000 };
    const until = await this.nonces.acceptedUntil(proof.nonce, now);
    if (until === undefined) {
      const description = proof.nonce === undefined ? 'This resource requires a DPoP nonce' : 'The DPoP nonce is not current';
      return { refusal: { scheme: 'DPoP', error: 'use_dpop_nonce', description, nonce: await this.nonces.issue(now) } };
    }
    return { proof, until };
  }

  /** The resource's origin with the request's path: what a client addressing this resource put in `htu`. */
  private target(request: Request): string {
    // Concatenated, not resolved: a path like `//other.example/x` must not become another origin.
    return this.resource.origin + new URL(request.url).pathname;
  }

  /** The binding and single-use checks once the token is verified; `undefined` when the request may go on. */
  async checkBinding(
    principal: TokenPrincipal,
    scheme: 'Bearer' | 'DPoP',
    checked: { proof: CheckedProof; until: number } | undefined,
  ): Promise<DpopRefusal | undefined> {
    const proof = checked?.proof;
    const jkt = boundKey(principal);
    if (scheme === 'Bearer') {
      // RFC 9449 §7.2: a resource taking both schemes MUST refuse a bound token sent as a bearer token.
      return jkt === undefined
        ? undefined
        : { scheme, error: 'invalid_token', description: 'The access token is DPoP-bound; send it with the DPoP scheme and a proof' };
    }
    if (jkt === undefined) return { scheme, error: 'invalid_token', description: 'The access token is not DPoP-bound' };
    if (proof === undefined || jkt !== proof.jkt) return { scheme, error: 'invalid_token', description: 'Invalid DPoP key binding' };
    // Claimed last, so a proof refused for another reason is not used up; remembered while it could be accepted.
    this.replay ??= this.options.replayGuard ?? new MemoryProofReplayGuard(this.now, this.maxProofIds);
    const fresh = await this.replay.claim(await proofId(proof.jti), checked!.until);
    return fresh ? undefined : { scheme, error: 'invalid_dpop_proof', description: 'The DPoP proof was already used' };
  }
}

/** The `cnf.jkt` of a verified token (RFC 9449 §6), whichever verifier produced the principal. */
function boundKey(principal: TokenPrincipal): string | undefined {
  const cnf = principal.claims.cnf;
  if (cnf === null || typeof cnf !== 'object') return undefined;
  const jkt = (cnf as Record<string, unknown>).jkt;
  return typeof jkt === 'string' && jkt !== '' ? jkt : undefined;
}

function positive(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0) throw new AuthError('invalid_configuration', `${name} must be a positive number of seconds`);
  return value;
}
