/** `@mcpkit/auth/server`: the resource-server side of MCP authorization. */
export { bearerGuard, type BearerGuardOptions, type AuthenticateResult } from './server/guard.js';
export { jwtVerifier, principalFromClaims, type JwtVerifierOptions } from './server/jwt-verifier.js';
export { introspectionVerifier, type IntrospectionVerifierOptions } from './server/introspection-verifier.js';
export type { DpopGuardOptions } from './server/dpop-guard.js';
export type { DpopNonceOptions } from './server/dpop-nonces.js';
export { InvalidTokenError, type TokenVerifier, type VerifyContext } from './server/verifier.js';
export { protectedResourceMetadata, type ProtectedResourceMetadataOptions } from './server/resource-metadata.js';
export { extractBearerToken, type BearerExtraction } from './server/bearer.js';
export {
  scopeChallenge,
  type ScopeChallengeOptions,
  type RequiredScopesSource,
  type RequiredScopesFn,
  type AuthorizeRequest,
} from './server/scope-challenge.js';
export { challengeResponse, insufficientScopeResponse, bearerChallengeHeader, type ChallengeFields } from './server/challenge.js';
export { requireScopes, hasScopes, missingScopes, withImpliedScopes, type TokenPrincipal, type ScopeImplications } from './shared/principal.js';
export { resourceMetadataUrl, canonicalResourceUri } from './shared/urls.js';
export { AuthError, type AuthErrorCode } from './shared/errors.js';
