import { LocalError } from '@mcpkit/jsonrpc';

/**
 * What went wrong, as a stable code a program can branch on. The message says the same for a person;
 * neither ever contains a token, a code, a verifier or a client secret.
 */
export type AuthErrorCode =
  /** Protected resource or authorization server metadata could not be found or is malformed. */
  | 'discovery_failed'
  /** The protected resource metadata names a `resource` that does not cover the server URL (RFC 9728 §3.3). */
  | 'resource_mismatch'
  /** The authorization server metadata's `issuer` differs from the issuer used to build its URL (RFC 8414 §3.3). */
  | 'issuer_mismatch'
  /** An endpoint is neither HTTPS nor a loopback address. */
  | 'insecure_url'
  /** The authorization server does not advertise PKCE with S256. */
  | 'pkce_unsupported'
  /** No pre-registered client, no usable Client ID Metadata Document and no dynamic registration: ask the user. */
  | 'client_identity_required'
  /** Dynamic client registration was refused. */
  | 'registration_failed'
  /** The authorization response failed validation (RFC 9207 `iss`, `state`, missing `code`). */
  | 'invalid_authorization_response'
  /** The authorization server answered the authorization request with an error (the user declined, ...). */
  | 'authorization_denied'
  /** The token endpoint refused a request. */
  | 'token_request_failed'
  /** The server kept refusing after the allowed number of authorizations for one request. */
  | 'retry_limit'
  /** The options given are unusable. */
  | 'invalid_configuration'
  /** A token is missing, malformed, expired or not meant for this server (resource server side). */
  | 'invalid_token'
  /** A token lacks the scopes an operation needs (resource server side). */
  | 'insufficient_scope'
  /** The authorization server's introspection endpoint failed or gave no RFC 7662 answer (resource server side). */
  | 'introspection_failed';

/** Extra facts an {@link AuthError} may carry. */
export interface AuthErrorDetails {
  /** The OAuth `error` code a peer sent (for example `invalid_grant`), when there was one. */
  oauthError?: string;
  /** The HTTP status of the response that caused the error, when there was one. */
  status?: number;
  /** The scopes at stake (`insufficient_scope`, `retry_limit`). */
  scopes?: readonly string[];
  /** The underlying failure. */
  cause?: unknown;
}

/** An authorization failure on this side; `code` says which, `remote` is always `false`. */
export class AuthError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/auth/AuthError';
  override readonly name = 'AuthError';
  /** Which failure this is. */
  readonly code: AuthErrorCode;
  /** The OAuth `error` code a peer sent, if any. */
  readonly oauthError: string | undefined;
  /** The HTTP status behind the failure, if any. */
  readonly status: number | undefined;
  /** The scopes at stake, if any. */
  readonly scopes: readonly string[] | undefined;

  constructor(code: AuthErrorCode, message: string, details: AuthErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.oauthError = details.oauthError;
    this.status = details.status;
    this.scopes = details.scopes;
  }
}
