/**
 * The notes server behind a guard that takes DPoP (RFC 9449), on 127.0.0.1, in one era or both
 * (`dualEra`), with the test authorization server issuing DPoP-bound tokens. The guard's clock is a
 * test clock; every request that reaches the endpoint is recorded with its scheme, proof and answer.
 */
import { createHttpHandler } from '@mcpkit/http';
import { serveHttp } from '@mcpkit/http/node';
import { dualEra } from '@mcpkit/legacy';
import type { McpServer } from '@mcpkit/server';
import { bearerGuard, jwtVerifier, protectedResourceMetadata, scopeChallenge, type BearerGuardOptions, type DpopGuardOptions } from '../../src/server.js';
import { notesServer } from './notes.js';
import { TestAuthorizationServer, type TestAsOptions } from './test-as.js';

/** A clock tests move by hand. */
export class TestClock {
  constructor(public ms = Date.now()) {}
  readonly now = (): number => this.ms;
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

/** One request at the MCP endpoint. */
export interface RsHit {
  method: string;
  scheme: string | undefined;
  proof: string | null;
  status: number;
  challenge: string | null;
  nonce: string | null;
}

export interface DpopStack {
  as: TestAuthorizationServer;
  server: McpServer;
  url: string;
  clock: TestClock;
  hits: RsHit[];
  close(): Promise<void>;
}

export interface DpopStackOptions {
  as?: TestAsOptions;
  /** Serve 2025-11-25 sessions too, through dualEra. */
  legacy?: boolean;
  /** DPoP options of the guard (its clock is the stack's). */
  dpop?: Omit<DpopGuardOptions, 'now'> | false;
  /** Another verifier than the JWT one (introspection). */
  verify?: BearerGuardOptions['verify'];
  /** The guard's `onError` (what it says when it answers 500). */
  onError?: BearerGuardOptions['onError'];
}

export async function startDpopStack(options: DpopStackOptions = {}): Promise<DpopStack> {
  const as = await TestAuthorizationServer.start({ dpop: {}, ...options.as });
  const clock = new TestClock();
  const server = notesServer(['buy milk']);
  const dual = options.legacy ? dualEra(server, { onError: () => undefined }) : undefined;
  const hits: RsHit[] = [];
  let endpoint: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
  const node = await serveHttp((request) => endpoint(request));
  const url = `${node.url}mcp`;
  const metadata = protectedResourceMetadata({ resource: url, authorizationServers: [as.issuer], scopesSupported: ['notes:read'] });
  const handlerOptions = {
    authenticate: bearerGuard({
      resource: url,
      verify: options.verify ?? jwtVerifier({ issuer: as.issuer, jwksUrl: as.jwksUrl }),
      ...(options.dpop !== false && { dpop: { ...options.dpop, now: clock.now } }),
      scopeImplications: { 'notes:admin': ['notes:read', 'notes:write'] },
      ...(options.onError && { onError: options.onError }),
    }),
    authorize: scopeChallenge({ resource: url, scopes: server }),
  };
  const mcp = dual ? dual.httpHandler(handlerOptions) : createHttpHandler(server, handlerOptions);
  endpoint = async (request) => {
    const served = metadata(request);
    if (served !== undefined) return served;
    const response = await mcp(request);
    hits.push({
      method: request.method,
      scheme: request.headers.get('authorization')?.split(' ')[0],
      proof: request.headers.get('dpop'),
      status: response.status,
      challenge: response.headers.get('www-authenticate'),
      nonce: response.headers.get('dpop-nonce'),
    });
    return response;
  };
  return {
    as,
    server,
    url,
    clock,
    hits,
    async close() {
      await dual?.close();
      await node.close();
      await server.close();
      await as.close();
    },
  };
}
