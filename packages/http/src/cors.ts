/**
 * Opt-in CORS for browser clients: preflight answers and the headers of actual replies.
 * Allows the MCP request headers (including every `Mcp-Param-*`) and exposes the reply headers a
 * browser client must read.
 */

/** CORS settings; the allowed origins are the handler's Origin allow-list. */
export interface CorsOptions {
  /** Extra request headers to allow besides the MCP ones, `Content-Type`, `Accept` and `Authorization`. */
  allowHeaders?: readonly string[];
  /** Reply headers a browser may read (default: `WWW-Authenticate`). Extend for e.g. `Mcp-Session-Id`. */
  exposeHeaders?: readonly string[];
  /** How long a browser may cache a preflight, in seconds (default 600). */
  maxAgeSeconds?: number;
  /** Send `Access-Control-Allow-Credentials: true` (cookies, client certificates). Default false. */
  allowCredentials?: boolean;
}

const BASE_ALLOWED = ['content-type', 'accept', 'authorization', 'mcp-protocol-version', 'mcp-method', 'mcp-name'];

/** Precomputed CORS header values for one handler. */
export class CorsPolicy {
  private readonly allowed: Set<string>;
  private readonly expose: string;
  private readonly maxAge: string;
  private readonly credentials: boolean;

  constructor(options: CorsOptions = {}) {
    this.allowed = new Set([...BASE_ALLOWED, ...(options.allowHeaders ?? []).map((h) => h.toLowerCase())]);
    this.expose = (options.exposeHeaders ?? ['www-authenticate']).join(', ');
    this.maxAge = String(options.maxAgeSeconds ?? 600);
    this.credentials = options.allowCredentials ?? false;
  }

  /** Headers added to every reply to an allowed cross-origin request. */
  replyHeaders(origin: string): Record<string, string> {
    const headers: Record<string, string> = { 'access-control-allow-origin': origin, vary: 'Origin' };
    if (this.expose !== '') headers['access-control-expose-headers'] = this.expose;
    if (this.credentials) headers['access-control-allow-credentials'] = 'true';
    return headers;
  }

  /** True when every header named in `Access-Control-Request-Headers` may be sent. */
  allowsRequestHeaders(list: string | null): boolean {
    if (list === null || list.trim() === '') return true;
    return list.split(',').every((raw) => {
      const name = raw.trim().toLowerCase();
      return name === '' || this.allowed.has(name) || name.startsWith('mcp-param-');
    });
  }

  /** Headers of a successful preflight reply. */
  preflightHeaders(origin: string, requested: string | null, methods: string): Record<string, string> {
    const headers = this.replyHeaders(origin);
    headers['access-control-allow-methods'] = methods;
    headers['access-control-allow-headers'] = requested !== null && requested.trim() !== '' ? requested : BASE_ALLOWED.join(', ');
    headers['access-control-max-age'] = this.maxAge;
    return headers;
  }
}
