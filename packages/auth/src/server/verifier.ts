/** The token verifier contract of the guard, and the error a verifier throws for a bad token. */
import type { TokenPrincipal } from '../shared/principal.js';
import { LocalError } from '@mcpkit/jsonrpc';

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
export type TokenVerifier = (token: string, context: VerifyContext) => Promise<TokenPrincipal | undefined>;

/** A token the verifier refuses (answered with 401 `invalid_token`). The message is shown to the client. */
export class InvalidTokenError extends LocalError {
  /** The brand `instanceof` recognises across copies of this package (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/auth/InvalidTokenError';
  override readonly name = 'InvalidTokenError';
}
