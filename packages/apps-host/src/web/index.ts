/**
 * `@mcpkit/apps-host/web`: a web page hosting MCP Apps views. `renderView(container, options)` renders
 * the view of one tool call behind a sandbox proxy of another origin and proxies the view's calls
 * through an mcpkit client.
 */
export { renderView, type RenderViewOptions, type ViewHandle, type AppsHostClient } from './render-view.js';
