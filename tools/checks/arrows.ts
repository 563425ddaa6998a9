/**
 * The dependency arrows of ARCHITECTURE.md, as data: for each package, the workspace packages its
 * runtime code may import. Arrows only point up the picture; `legacy` is the only place 2025-11-25
 * lives, so no modern package may name it.
 */
export const ALLOWED_ARROWS: Record<string, readonly string[]> = {
  schema: [],
  jsonrpc: [],
  stdio: ['jsonrpc'],
  http: ['jsonrpc', 'schema'],
  server: ['jsonrpc', 'schema'],
  client: ['jsonrpc', 'schema'],
  legacy: ['jsonrpc', 'schema', 'stdio', 'http', 'server', 'client'],
  cli: ['jsonrpc', 'schema', 'stdio', 'http', 'server', 'client', 'legacy', 'auth'],
  // OAuth 2.1 for HTTP: a fetch wrapper for clients and a request guard for servers. It plugs into
  // @mcpkit/http through that package's public options (injectable fetch, authenticate hook), so
  // neither side carries it unless the user adds it.
  auth: ['jsonrpc'],
  // Redis implementations of interfaces the other packages define (EventBus, ReplayGuard,
  // SessionStore, the client cache store). Opt-in: nothing depends on it.
  redis: ['jsonrpc', 'schema', 'server', 'client', 'legacy'],
};

/** Packages that implement the modern era and must never depend on the legacy adapter. */
export const MODERN_PACKAGES = ['schema', 'jsonrpc', 'stdio', 'http', 'server', 'client'] as const;
