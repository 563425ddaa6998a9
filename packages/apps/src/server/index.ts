/**
 * `@mcpkit/apps/server`: MCP Apps on a server. `view(...)` defines a `ui://` view, `appTool(...)` a
 * tool linked to it, `createAppsServer({ views, tools })` the extension that serves them with the text
 * fallback for clients that did not declare `io.modelcontextprotocol/ui`, in both eras.
 */
export { view, type ViewConfig, type ViewDefinition } from './view-resource.js';
export { appTool, type AppToolConfig, type AppToolDefinition } from './app-tool.js';
export { createAppsServer, type AppsServer, type AppsServerOptions, type AppsLegacyCall, type AppsLegacyExtension } from './apps-server.js';
