/**
 * The dependency arrows of docs/architecture.md (its picture is drawn from this table), as data: for each package, the workspace packages its
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
  // `@mcpkit/legacy/tasks` serves 2025-11-25 core tasks from the tasks extension's server.
  legacy: ['jsonrpc', 'schema', 'stdio', 'http', 'server', 'client', 'tasks'],
  cli: [
    'jsonrpc',
    'schema',
    'stdio',
    'http',
    'server',
    'client',
    'legacy',
    'auth',
    'otel',
    'tasks',
    'tasks-client',
    'skills',
    'skills-client',
    'apps',
    'apps-host',
  ],
  // OAuth 2.1 for HTTP: a fetch wrapper for clients and a request guard for servers. It plugs into
  // @mcpkit/http through that package's public options (injectable fetch, authenticate hook), so
  // neither side carries it unless the user adds it.
  auth: ['jsonrpc'],
  // Redis implementations of interfaces the other packages define (EventBus, ReplayGuard,
  // SessionStore, the client cache store, the TaskStore of `@mcpkit/redis/tasks`). Opt-in: nothing depends on it.
  redis: ['jsonrpc', 'schema', 'server', 'client', 'legacy', 'tasks'],
  // Extensions sit on top of server and client, built on their public extension API. The server half
  // and the client half are separate packages: examples/everything (which client, legacy and redis
  // test against) serves the extensions, so a server half that depended on client would close a cycle.
  tasks: ['jsonrpc', 'schema', 'server'],
  'tasks-client': ['jsonrpc', 'schema', 'client'],
  skills: ['jsonrpc', 'schema', 'server'],
  'skills-client': ['jsonrpc', 'schema', 'client'],
  // MCP Apps: `apps` is the server half (`./server`) with what every side shares (root) and the view's
  // client (`./view`); `apps-host` the host half (declaring, reading views, the web host). The 2025-11-25
  // side of the server half plugs into dualEra by shape (`apps.legacy`), so not legacy.
  apps: ['jsonrpc', 'schema', 'server'],
  'apps-host': ['jsonrpc', 'schema', 'client', 'apps'],
  // Framework adapters sit on top of http and know HTTP, not MCP: they mount an HttpHandler (Host
  // checks, the body a framework parsed, its auth as the principal, the node fast lane) and nothing more.
  // OpenTelemetry through the public hooks only: `createServer({ around })`, a client transport
  // wrapper (jsonrpc's MessageTransport), and dualEra's session hooks matched by shape (so not legacy).
  otel: ['jsonrpc', 'schema', 'server', 'client'],
  express: ['http'],
  fastify: ['http'],
  hono: ['http'],
};

/**
 * Private examples (examples/<name>, not published) whose code a package bundles into its own dist
 * at build time, so its source may import them: the CLI ships examples/everything for
 * `mcpkit serve-example` and `mcpkit demo`.
 */
export const BUNDLED_EXAMPLES: Record<string, readonly string[]> = {
  cli: ['example-everything'],
};

/** Packages that implement the modern era and must never depend on the legacy adapter. */
export const MODERN_PACKAGES = ['schema', 'jsonrpc', 'stdio', 'http', 'server', 'client'] as const;
