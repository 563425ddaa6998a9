/** The options of {@link withOAuth} and the pluggable pieces they name. */
import type { ClientCredentialsInput } from './client-auth.js';
import type { OAuthStore } from './store.js';

/**
 * How the user is sent to the authorization server and how its redirect comes back: a browser and a
 * loopback listener (`@mcpkit/auth/node`), a web app's own callback route, or a headless stand-in.
 */
export interface RedirectHandler {
  /** The redirect URI registered with the authorization server (`http://127.0.0.1:PORT/callback`, `https://app/cb`). */
  readonly redirectUri: string;
  /**
   * Called before a sign-in reads `redirectUri` (before registration and authorization), so a
   * handler can start its listener only when a user actually has to sign in (a lazy loopback).
   */
  prepare?(signal?: AbortSignal): Promise<void>;
  /** Sends the user to `authorizationUrl`; resolves with the full URL the authorization server redirected to. */
  navigate(authorizationUrl: URL, signal?: AbortSignal): Promise<URL | string>;
}

/** A client registered ahead of time with an authorization server. */
export interface PreRegisteredClient extends ClientCredentialsInput {
  /**
   * The exact issuer the client was registered with; it is used with no other server. Without it the
   * client binds to the first authorization server it is used with, and is refused by any other.
   */
  issuer?: string;
}

/** What a client says about itself in dynamic client registration (RFC 7591 §2). */
export interface ClientMetadata {
  clientName?: string;
  clientUri?: string;
  logoUri?: string;
  softwareId?: string;
  softwareVersion?: string;
  contacts?: string[];
  /** OIDC `application_type`; default: `native` for a loopback or custom-scheme redirect URI, else `web`. */
  applicationType?: 'native' | 'web';
}

/** Options of {@link withOAuth}. */
export interface OAuthOptions {
  /** The MCP endpoint (`https://mcp.example.com/mcp`). Tokens are sent only to URLs its resource covers. */
  serverUrl: string | URL;
  /** Sends the user to authorize (authorization-code flow). Required unless `clientCredentials` is set. */
  redirect?: RedirectHandler;
  /** Pre-registered clients, preferred over every other way of getting a client id. */
  clients?: readonly PreRegisteredClient[];
  /** Your Client ID Metadata Document URL (HTTPS with a path), used where the server supports it. */
  clientMetadataUrl?: string;
  /** Metadata for dynamic client registration. */
  clientMetadata?: ClientMetadata;
  /** Allow dynamic client registration (deprecated by the spec; default true). */
  dynamicRegistration?: boolean;
  /**
   * Act as a machine client with the client-credentials grant (no user, no redirect). Its scopes are
   * asked for in addition to those the server's challenge names.
   */
  clientCredentials?: PreRegisteredClient & { scopes?: readonly string[] };
  /**
   * Scopes to ask for on every user sign-in, in addition to those the challenge names (or the
   * resource's `scopes_supported` when it names none).
   */
  scopes?: readonly string[];
  /** Where registrations and tokens are kept (default: in memory). */
  store?: OAuthStore;
  /** Ask for `offline_access` when the authorization server lists it (default true). */
  offlineAccess?: boolean;
  /** How many authorizations (including refreshes) one request may trigger before failing (default 3). */
  maxAuthorizations?: number;
  /** Chooses among the resource's authorization servers (default: the one already used, else the first). */
  selectAuthorizationServer?: (issuers: readonly string[]) => string;
}
