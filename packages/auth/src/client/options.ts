/** The options of {@link withOAuth} and the pluggable pieces they name. */
import type { ClientCredentialsInput } from './client-auth.js';
import type { DpopClientOptions } from './dpop.js';
import type { Awaitable } from '@mcpkit/jsonrpc';
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

/** A token given once, or a function that returns a current one each time it is needed (CI systems rotate them). */
export type TokenSource = string | (() => Awaitable<string>);

/**
 * Workload identity federation (SEP-1933): the workload's own JWT (from its platform: a CI job, a
 * Kubernetes service account) is exchanged for an access token with the JWT bearer grant (RFC 7523
 * §2.1). No user, no redirect, no refresh token: a new grant is made when the access token runs out.
 */
export interface WorkloadIdentityOptions extends Partial<ClientCredentialsInput> {
  /** The workload JWT (its `aud` names the authorization server), or a function reading a current one. */
  token: TokenSource;
  /** The exact issuer this applies to (default: whichever the server names). */
  issuer?: string;
  /** Scopes asked for besides those the server's challenge names. */
  scopes?: readonly string[];
}

/** The enterprise identity provider of {@link EnterpriseAuthorizationOptions}, and this client's registration there. */
export interface EnterpriseIdentityProvider extends ClientCredentialsInput {
  /** The IdP's issuer; its token endpoint is discovered (RFC 8414 / OpenID Connect) unless `tokenEndpoint` is given. */
  issuer?: string;
  /** The IdP's token endpoint. */
  tokenEndpoint?: string;
}

/**
 * Enterprise-managed authorization (the MCP extension, an Identity Assertion Authorization Grant):
 * the user's ID token from the company IdP is exchanged at the IdP for an ID-JAG (RFC 8693 token
 * exchange), which the MCP server's authorization server takes as a JWT bearer grant (RFC 7523). The
 * client's registration with that authorization server comes from `clients`.
 */
export interface EnterpriseAuthorizationOptions {
  /** The identity assertion of the signed-in user (an OpenID Connect ID token), or a function returning a current one. */
  idToken: TokenSource;
  /** Its RFC 8693 type (default `urn:ietf:params:oauth:token-type:id_token`; SAML: `urn:ietf:params:oauth:token-type:saml2`). */
  subjectTokenType?: string;
  /** Where the exchange happens. */
  idp: EnterpriseIdentityProvider;
  /** Scopes asked for besides those the server's challenge names. */
  scopes?: readonly string[];
}

/** Options of {@link withOAuth}. */
export interface OAuthOptions {
  /** The MCP endpoint (`https://mcp.example.com/mcp`). Tokens are sent only to URLs its resource covers. */
  serverUrl: string | URL;
  /** Sends the user to authorize (authorization-code flow). Required unless a machine or enterprise grant is set. */
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
  /** Act as a workload with its own identity token (the JWT bearer grant); excludes `clientCredentials` and `enterpriseAuthorization`. */
  workloadIdentity?: WorkloadIdentityOptions;
  /** Sign the user in through the company's IdP without a browser (token exchange, then the JWT bearer grant). */
  enterpriseAuthorization?: EnterpriseAuthorizationOptions;
  /**
   * DPoP (RFC 9449): sender-constrained tokens. Default: used when the authorization server advertises
   * `dpop_signing_alg_values_supported`; `false` never; `true` or options always.
   */
  dpop?: boolean | DpopClientOptions;
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
