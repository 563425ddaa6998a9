/** `@mcpkit/auth/client`: OAuth 2.1 for MCP clients over HTTP, as a fetch wrapper. */
export { withOAuth, type OAuthFetch } from './client/oauth-fetch.js';
export type { FetchFunction } from './client/http.js';
export type {
  OAuthOptions,
  RedirectHandler,
  PreRegisteredClient,
  ClientMetadata,
  TokenSource,
  WorkloadIdentityOptions,
  EnterpriseAuthorizationOptions,
  EnterpriseIdentityProvider,
} from './client/options.js';
export type { DpopClientOptions } from './client/dpop.js';
export type { ClientCredentialsInput, PrivateKeyInput, TokenEndpointAuthMethod } from './client/client-auth.js';
export { MemoryOAuthStore, type OAuthStore, type StoredClient, type StoredTokens } from './client/store.js';
export { headlessRedirect, type HeadlessRedirectOptions } from './client/headless-redirect.js';
export { conformanceOAuthOptions, CONFORMANCE_CLIENT_METADATA_URL } from './client/conformance.js';
export { discoverResourceMetadata, type ResourceMetadata } from './client/resource-metadata.js';
export { discoverServerMetadata, type ServerMetadata } from './client/server-metadata.js';
export { AuthError, type AuthErrorCode } from './shared/errors.js';
