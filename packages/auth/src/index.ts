/** `@mcpkit/auth`: what both sides share. The client is in `@mcpkit/auth/client`, the server in `@mcpkit/auth/server`. */
export { AuthError, type AuthErrorCode, type AuthErrorDetails } from './shared/errors.js';
export { requireScopes, hasScopes, missingScopes, withImpliedScopes, type TokenPrincipal, type ScopeImplications } from './shared/principal.js';
export { parseWwwAuthenticate, bearerChallenge, formatChallenge, type AuthChallenge } from './shared/www-authenticate.js';
export {
  canonicalResourceUri,
  resourceMetadataUrl,
  resourceCovers,
  authorizationServerMetadataCandidates,
  isLoopbackHost,
} from './shared/urls.js';
