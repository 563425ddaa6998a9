/**
 * The whole stack on 127.0.0.1 for end-to-end tests: the test authorization server, the notes
 * endpoint behind `serveHttp()` of `@mcpkit/http/node`, and clients built from our own pieces (a
 * `ModernClient` over `HttpClientTransport`, or a 2025-11-25 session through `connect()`), each with a
 * `withOAuth` fetch over a recording fetch that keeps what crossed the wire.
 */
import { ModernClient, type CacheStore } from '@mcpkit/client';
import { HttpClientTransport } from '@mcpkit/http';
import { serveHttp } from '@mcpkit/http/node';
import { connect, dualEra, type DualEraClient } from '@mcpkit/legacy';
import type { McpServer } from '@mcpkit/server';
import { headlessRedirect, withOAuth, type OAuthFetch, type OAuthOptions } from '../../src/client.js';
import { notesEndpoint, notesServer } from './notes.js';
import { TestAuthorizationServer, type TestAsOptions } from './test-as.js';

export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/** One HTTP exchange as the client's base fetch saw it. */
export interface Exchange {
  method: string;
  url: string;
  path: string;
  /** `Mcp-Method` (modern) or the JSON-RPC method of the body. */
  rpc: string | undefined;
  session: string | null;
  bearer: boolean;
  status: number;
  challenge: string | null;
  /** For token requests: the grant type, and the authorization context key when it was sent. */
  grant?: string;
  keyAtSend?: string;
}

/** A base fetch that records every exchange in `log`; `key` reads the client's authorization context key. */
export function recordingFetch(log: Exchange[], key: () => string | undefined = () => undefined): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const text = request.method === 'POST' ? await request.clone().text() : '';
    const url = new URL(request.url);
    const entry: Partial<Exchange> = {
      method: request.method,
      url: request.url,
      path: url.pathname,
      session: request.headers.get('mcp-session-id'),
      bearer: request.headers.has('authorization'),
    };
    entry.rpc = request.headers.get('mcp-method') ?? (text.startsWith('{') ? (JSON.parse(text) as { method?: string }).method : undefined);
    if (url.pathname.endsWith('/token')) Object.assign(entry, { grant: new URLSearchParams(text).get('grant_type') ?? undefined, keyAtSend: key() });
    const response = await fetch(request);
    log.push({ ...(entry as Exchange), status: response.status, challenge: response.headers.get('www-authenticate') });
    return response;
  };
}

export interface NotesStack {
  as: TestAuthorizationServer;
  server: McpServer;
  /** The MCP endpoint: `http://127.0.0.1:<port>/mcp`. */
  url: string;
  notes: string[];
  /** Signs an access token as the authorization server would (for raw requests). */
  token(claims: { sub?: string; aud?: string; scope?: string }, expOffsetSeconds?: number): Promise<string>;
  close(): Promise<void>;
}

/** Starts the authorization server and the notes endpoint (with `legacy`, through `dualEra`). */
export async function startNotesStack(options: { as?: TestAsOptions; legacy?: boolean } = {}): Promise<NotesStack> {
  const as = await TestAuthorizationServer.start(options.as);
  const notes: string[] = ['buy milk'];
  const server = notesServer(notes);
  const dual = options.legacy ? dualEra(server, { onError: () => undefined }) : undefined;
  let endpoint: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
  const node = await serveHttp((request) => endpoint(request));
  const url = `${node.url}mcp`;
  endpoint = notesEndpoint(server, { resource: url, issuer: as.issuer, ...(dual && { legacy: dual }) });
  return {
    as,
    server,
    url,
    notes,
    token: (claims, exp) => as.sign({ sub: claims.sub ?? 'user-1', aud: claims.aud ?? url, ...(claims.scope !== undefined && { scope: claims.scope }) }, exp),
    async close() {
      await dual?.close();
      await node.close();
      await server.close();
      await as.close();
    },
  };
}

/** A `withOAuth` fetch for the stack, signing in headlessly, over a recording fetch. */
export function oauthFetch(stack: NotesStack, log: Exchange[], options: Partial<OAuthOptions> = {}): OAuthFetch {
  let authed: OAuthFetch | undefined;
  authed = withOAuth(
    recordingFetch(log, () => authed?.authorizationContextKey),
    {
      serverUrl: stack.url,
      redirect: headlessRedirect({ redirectUri: REDIRECT_URI }),
      clientMetadata: { clientName: 'notes-cli' },
      ...options,
    },
  );
  return authed;
}

/** A modern client of the stack, as the README shows it. */
export function modernClient(url: string, authed: OAuthFetch, cache?: CacheStore): ModernClient {
  return new ModernClient(new HttpClientTransport(url, { fetch: authed }), {
    authorizationContext: () => authed.authorizationContextKey,
    ...(cache && { cache: { store: cache } }),
    onWarning: () => undefined,
  });
}

/** A 2025-11-25 session with the stack, as the README shows it. */
export function legacyClient(url: string, authed: OAuthFetch): Promise<DualEraClient> {
  return connect(url, {
    era: 'legacy',
    eraCache: false,
    http: { fetch: authed },
    authorizationContext: () => authed.authorizationContextKey,
    onWarning: () => undefined,
  });
}

/** The text of a tool result's first block. */
export function text(result: { content: Array<{ type: string; text?: string }> }): string | undefined {
  return result.content[0]?.text;
}

/** The exchanges with the MCP endpoint only (not metadata, not the authorization server). */
export function mcpExchanges(log: readonly Exchange[], url: string): Exchange[] {
  return log.filter((e) => e.url === url);
}
