/**
 * Where the client keeps what it learned: client registrations per authorization server (keyed by the
 * exact issuer, never shared between servers) and tokens per MCP server. Plug in your own storage (a
 * keychain, an encrypted file); the default keeps everything in memory for the life of the process.
 */

import type { JWK } from 'jose';

import type { Awaitable } from '@mcpkit/jsonrpc';

/** A client identity at one authorization server. */
export interface StoredClient {
  clientId: string;
  clientSecret?: string;
  /** When the secret expires, in seconds since the epoch (0 or absent: never). */
  clientSecretExpiresAt?: number;
  /** The token endpoint authentication method the server assigned or the user configured. */
  tokenEndpointAuthMethod?: string;
  /** The redirect URIs registered with this identity. */
  redirectUris?: string[];
  /** How the identity was obtained. */
  source: 'pre-registered' | 'metadata-document' | 'dynamic';
}

/** Tokens for one MCP server, with the authorization server that issued them. */
export interface StoredTokens {
  /** The issuer of the authorization server that issued the tokens. */
  issuer: string;
  /** The client the tokens were issued to. */
  clientId: string;
  /** The `resource` the tokens were requested for (RFC 8707). */
  resource: string;
  accessToken: string;
  /** `DPoP` when the access token is bound to `dpopKey` (sent as `Authorization: DPoP` with a proof); absent: Bearer. */
  tokenType?: 'DPoP';
  refreshToken?: string;
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt?: number;
  /** The scopes the client asked for (the base for step-up unions). */
  requestedScopes: string[];
  /** The scopes the server says it granted (the requested ones when it did not say). */
  grantedScopes: string[];
  /** A random id of this grant, kept across refreshes and replaced by a new authorization. */
  grantId: string;
  /**
   * The private DPoP key (a JWK) the tokens are bound to, when the client made it; without it a
   * bound access or refresh token is useless. As secret as the refresh token: keep the store private.
   */
  dpopKey?: JWK;
}

/** Storage for client registrations and tokens. Every method may be sync or async. */
export interface OAuthStore {
  getClient(issuer: string): Awaitable<StoredClient | undefined>;
  setClient(issuer: string, client: StoredClient): Awaitable<void>;
  deleteClient(issuer: string): Awaitable<void>;
  getTokens(serverUrl: string): Awaitable<StoredTokens | undefined>;
  setTokens(serverUrl: string, tokens: StoredTokens): Awaitable<void>;
  deleteTokens(serverUrl: string): Awaitable<void>;
}

/** The default {@link OAuthStore}: plain maps, gone when the process ends. */
export class MemoryOAuthStore implements OAuthStore {
  private readonly clients = new Map<string, StoredClient>();
  private readonly tokens = new Map<string, StoredTokens>();

  getClient(issuer: string): StoredClient | undefined {
    return this.clients.get(issuer);
  }
  setClient(issuer: string, client: StoredClient): void {
    this.clients.set(issuer, client);
  }
  deleteClient(issuer: string): void {
    this.clients.delete(issuer);
  }
  getTokens(serverUrl: string): StoredTokens | undefined {
    return this.tokens.get(serverUrl);
  }
  setTokens(serverUrl: string, tokens: StoredTokens): void {
    this.tokens.set(serverUrl, tokens);
  }
  deleteTokens(serverUrl: string): void {
    this.tokens.delete(serverUrl);
  }
}
