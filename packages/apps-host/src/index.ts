/**
 * `@mcpkit/apps-host`: MCP Apps (`io.modelcontextprotocol/ui`) for hosts, in any runtime: declare the
 * extension, sort a server's tools for the model and for views, read a view, and make the page of the
 * sandbox proxy a web host frames. Rendering in a browser is `@mcpkit/apps-host/web`.
 */
export { appsExtension, type AppsExtensionOptions } from './client-extension.js';
export { splitAppTools, listAppTools, type AppToolLists } from './tool-lists.js';
export { readView, ViewReadError, type LoadedView } from './read-view.js';
export { sandboxProxyHtml, type SandboxProxyOptions } from './sandbox-proxy.js';
