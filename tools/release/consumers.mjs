// Scenario 1 of the release rehearsal: each public package installed alone from the registry, in a
// fresh folder outside the workspace, and used for its README's first example (examples/<dir>.mjs).
// `with` lists what the example needs beyond the package (siblings its example imports, frameworks
// that are its peers, the OpenTelemetry SDK): installed beside it at the published versions.
export const CONSUMERS = [
  { dir: 'schema', with: [] },
  { dir: 'jsonrpc', with: [] },
  { dir: 'stdio', with: [] },
  { dir: 'server', with: [] },
  { dir: 'http', with: ['@mcpkit/server'] },
  { dir: 'client', with: ['@mcpkit/server', '@mcpkit/http'] },
  { dir: 'express', with: ['@mcpkit/server', '@mcpkit/http', 'express@5.3.0'] },
  { dir: 'fastify', with: ['@mcpkit/server', '@mcpkit/http', 'fastify@5.12.8'] },
  { dir: 'hono', with: ['@mcpkit/server', '@mcpkit/http', 'hono@4.13.19'] },
  { dir: 'legacy', with: ['@mcpkit/server', '@mcpkit/http'] },
  { dir: 'redis', with: ['@mcpkit/server'], needs: 'redis' },
  { dir: 'auth', with: ['@mcpkit/server', '@mcpkit/http', '@mcpkit/client'] },
  { dir: 'otel', with: ['@mcpkit/server', '@opentelemetry/api@1.9.0', '@opentelemetry/sdk-trace-base@2.12.1'] },
  { dir: 'skills', with: ['@mcpkit/server'] },
  { dir: 'skills-client', with: ['@mcpkit/client', '@mcpkit/http', '@mcpkit/server', '@mcpkit/skills'] },
  { dir: 'tasks', with: ['@mcpkit/server'] },
  { dir: 'tasks-client', with: ['@mcpkit/client', '@mcpkit/http', '@mcpkit/server', '@mcpkit/tasks'] },
  { dir: 'apps', with: ['@mcpkit/server'] },
  { dir: 'apps-host', with: ['@mcpkit/apps', '@mcpkit/client', '@mcpkit/http', '@mcpkit/server'] },
  { dir: 'cli', with: [] },
];
