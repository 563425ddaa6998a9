import { withOAuth, type OAuthOptions } from '@mcpkit/auth/client';
import { workloadTokenFile } from '@mcpkit/auth/node';
import type { AuthSettings } from '../cli/invocation.js';
import type { TracePrinter } from '../output/trace-printer.js';
import { answeredWithin } from './answered-within.js';
import { readClientKey } from './client-key.js';
import { lazyLoopbackRedirect, SIGN_IN_WAIT_MS } from './lazy-loopback.js';
import { openBrowser } from './open-browser.js';
import { FileOAuthStore } from './token-file.js';
import { version } from '../../package.json';

/** A fetch as the HTTP transports call it. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** What an HTTP target's connection needs for authorization. */
export interface HttpAuth {
  /** The fetch the transports use (`withOAuth` when signing in is allowed). */
  readonly fetch?: FetchLike;
  /** Headers on every exchange with the MCP endpoint (`--token`). */
  readonly headers?: Record<string, string>;
  /**
   * How long the era probe may take: its request is the first one, so a sign-in happens inside it,
   * and a person needs more than a few seconds. Each exchange under it is still bounded by
   * `--timeout` (a server that never answers fails after that, not after the sign-in's wait).
   * Undefined: the usual probe timeout.
   */
  readonly probeTimeoutMs?: number;
  /**
   * What `withOAuth` last put on a request to the endpoint (below the transports, so their exchange
   * hook cannot see it): the `Authorization` scheme and whether a DPoP proof went with it. The
   * trace shows both, masked. Undefined before signing in.
   */
  readonly sentCredentials?: () => SentCredentials | undefined;
  /** The key of the current authorization, for the client's `private` cache entries. */
  readonly authorizationContext?: () => string | undefined;
  /** Stops the loopback listener if a sign-in left one running. */
  close(): Promise<void>;
}

/** The credentials on the last request to the endpoint, without their values. */
export interface SentCredentials {
  readonly scheme: string;
  readonly proof: boolean;
}

/** Where the sign-in talks to the user. */
export interface SignInHooks {
  /** A line on stderr. */
  readonly say: (line: string) => void;
  readonly warn: (message: string) => void;
  /** `--trace`: also sees the authorization traffic (metadata, registration, token requests). */
  readonly trace: TracePrinter | undefined;
  /** `--timeout`: how long each HTTP exchange may wait for the server's response headers. */
  readonly timeoutMs: number;
}

/**
 * Sets up how `--url` targets are authorized. `oauth` (the default) wraps the fetch with `withOAuth`
 * of `@mcpkit/auth`: when the server answers 401, it discovers the authorization server and gets a
 * token. A user signs in through a browser: a client identity (`--client-id`, `--client-metadata-url`,
 * or dynamic registration), the authorization URL printed, the redirect awaited on a loopback
 * listener started for the occasion. A machine signs in without one: `--client-credentials` (a
 * secret or `--client-key`), or `--workload-identity-token FILE` (the JWT bearer grant). Tokens are
 * DPoP-bound when the authorization server advertises DPoP, unless `--no-dpop`. `token` sends
 * `--token` as it is; `none` (`--no-auth`) leaves a 401 an error.
 */
export function httpAuth(url: string, auth: AuthSettings, hooks: SignInHooks): HttpAuth {
  if (auth.mode === 'none') return { close: async () => undefined };
  if (auth.mode === 'token') return { headers: { Authorization: `Bearer ${auth.token}` }, close: async () => undefined };
  const key = auth.clientKeyFile === undefined ? undefined : readClientKey(auth.clientKeyFile);
  const client =
    auth.clientId === undefined ? undefined : { clientId: auth.clientId, ...(auth.clientSecret !== undefined && { clientSecret: auth.clientSecret }), ...key };
  const redirect =
    auth.grant === 'user'
      ? lazyLoopbackRedirect({
          show: (authorizationUrl) => {
            hooks.say(`Open this URL to sign in: ${authorizationUrl.href}`);
            hooks.say(`  (waiting up to ${SIGN_IN_WAIT_MS / 60_000} min for the browser to come back; Ctrl+C gives up)`);
            if (auth.openBrowser) openBrowser(authorizationUrl.href, hooks.warn);
          },
        })
      : undefined;
  const scopes = auth.scopes.length > 0 ? { scopes: auth.scopes } : {};
  const options: OAuthOptions = {
    serverUrl: url,
    ...(redirect !== undefined && { redirect }),
    clientMetadata: { clientName: 'mcpkit', softwareId: 'mcpkit', softwareVersion: version },
    ...(auth.grant === 'user' && client !== undefined && { clients: [client] }),
    ...(auth.grant === 'client-credentials' && client !== undefined && { clientCredentials: { ...client, ...scopes } }),
    ...(auth.grant === 'workload-identity' && { workloadIdentity: { token: workloadTokenFile(auth.workloadTokenFile!), ...client, ...scopes } }),
    ...(auth.clientMetadataUrl !== undefined && { clientMetadataUrl: auth.clientMetadataUrl }),
    ...(auth.grant === 'user' && scopes),
    ...(auth.tokenFile !== undefined && { store: new FileOAuthStore(auth.tokenFile) }),
    ...(!auth.dpop && { dpop: false }),
  };
  let sent: SentCredentials | undefined;
  const below = answeredWithin(hooks.timeoutMs, traced(url, hooks.trace));
  const observe = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const authorization = request.headers.get('authorization');
    if (request.url === url && authorization !== null) sent = { scheme: authorization.split(' ')[0] ?? '', proof: request.headers.has('dpop') };
    return below(request);
  };
  const authed = withOAuth(observe, options);
  return {
    fetch: authed,
    authorizationContext: () => authed.authorizationContextKey,
    sentCredentials: () => (authed.authorizationContextKey === undefined ? undefined : sent),
    probeTimeoutMs: SIGN_IN_WAIT_MS,
    close: async () => redirect?.close(),
  };
}

/**
 * The fetch under `withOAuth`. With `--trace` it shows what the transports' own hook cannot see:
 * the requests of the sign-in (metadata, registration, token) and the server's refusals (401, 403)
 * that started one; headers that carry credentials are shown masked, bodies not at all.
 */
function traced(endpoint: string, trace: TracePrinter | undefined): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  if (trace === undefined) return (input, init) => fetch(input, init);
  return async (input, init) => {
    const request = new Request(input, init);
    const response = await fetch(request);
    const mcp = request.url === endpoint;
    if (!mcp || response.status === 401 || response.status === 403) {
      const requestHeaders: Record<string, string> = {};
      request.headers.forEach((value, name) => (requestHeaders[name] = value));
      trace.exchange({
        method: request.method,
        url: request.url,
        requestHeaders,
        status: response.status,
        statusText: response.statusText,
        responseHeaders: response.headers,
      });
    }
    return response;
  };
}
