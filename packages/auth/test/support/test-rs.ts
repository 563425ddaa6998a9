/**
 * A tiny protected MCP endpoint for tests: `node:http` on 127.0.0.1 with our guard and protected
 * resource metadata handler in front of a fake JSON-RPC answer. Scopes are required per method (read
 * from the `Mcp-Method` header, as the 2026-07-28 transport mirrors it).
 */
import { bearerGuard, jwtVerifier, protectedResourceMetadata, type TokenPrincipal } from '../../src/server.js';
import { json, serve, type Served } from './serve.js';

export interface TestRsOptions {
  /** Scopes a method needs (default: `mcp:read` for everything, `mcp:write` for `tools/call`). */
  scopesFor?: (method: string) => string[];
  scopesSupported?: string[];
  /** Publish this resource in the metadata instead of the real one. */
  resourceOverride?: string;
}

export interface RsHit {
  url: string;
  authorization: string | null;
  status: number;
}

export class TestResourceServer {
  readonly hits: RsHit[] = [];
  private served!: Served;
  private guard!: (request: Request) => Promise<{ principal: TokenPrincipal } | Response>;
  private metadata!: (request: Request) => Response | undefined;

  private constructor(private readonly options: TestRsOptions) {}

  static async start(issuer: string, jwksUrl: string, options: TestRsOptions = {}): Promise<TestResourceServer> {
    const rs = new TestResourceServer(options);
    rs.served = await serve((request) => rs.handle(request));
    rs.useAuthorizationServer(issuer, jwksUrl);
    return rs;
  }

  get url(): string {
    return `${this.served.url}/mcp`;
  }

  /** Moves the server to another authorization server (its tokens only are accepted from now on). */
  useAuthorizationServer(issuer: string, jwksUrl: string): void {
    const scopesFor = this.options.scopesFor ?? ((method: string) => (method === 'tools/call' ? ['mcp:write'] : ['mcp:read']));
    this.guard = bearerGuard({
      resource: this.url,
      verify: jwtVerifier({ issuer, jwksUrl }),
      requiredScopes: (request) => scopesFor(request.headers.get('mcp-method') ?? ''),
    });
    this.metadata = protectedResourceMetadata({
      resource: this.options.resourceOverride ?? this.url,
      authorizationServers: [issuer],
      ...(this.options.scopesSupported && { scopesSupported: this.options.scopesSupported }),
    });
  }

  /** The statuses of the requests that reached the MCP endpoint, in order. */
  mcpStatuses(): number[] {
    return this.hits.filter((h) => new URL(h.url).pathname === '/mcp').map((h) => h.status);
  }

  close(): Promise<void> {
    return this.served.close();
  }

  private async handle(request: Request): Promise<Response> {
    const response = await this.dispatch(request);
    this.hits.push({ url: request.url, authorization: request.headers.get('authorization'), status: response.status });
    return response;
  }

  private async dispatch(request: Request): Promise<Response> {
    const metadata = this.metadata(request);
    if (metadata !== undefined) return metadata;
    if (new URL(request.url).pathname !== '/mcp') return json({ error: 'not_found' }, 404);
    const outcome = await this.guard(request);
    if (outcome instanceof Response) return outcome;
    const message = (await request.json()) as { id: number; method: string };
    return json({ jsonrpc: '2.0', id: message.id, result: { method: message.method, subject: outcome.principal.subject, scopes: outcome.principal.scopes } });
  }
}

/** Posts a fake JSON-RPC request the way an MCP client transport would. */
export async function call(fetch: (input: string, init?: RequestInit) => Promise<Response>, url: string, method: string, id = 1): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-method': method },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: {} }),
  });
}
