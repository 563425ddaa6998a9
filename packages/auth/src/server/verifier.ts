/** The token verifier contract of the guard, and the error a verifier throws for a bad token. */
import type { Principal } from '../shared/principal.js';

/** What a verifier gets besides the token. */
export interface VerifyContext {
  /** The request being authorized. */
  request: Request;
  /** The server's canonical resource URI: the audience a token must be issued for. */
  resource: string;
}

/**
 * Checks an access token and says whose it is. Throw {@link InvalidTokenError} (or return `undefined`)
 * for a token that is bad, expired or meant for another server; any other error is a server failure.
 */
export type TokenVerifier = (token: string, context: VerifyContext) => Promise<Principal | undefined>;

/** A token the verifier refuses (answered with 401 `invalid_token`). The message is shown to the client. */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}
