/**
 * `@mcpkit/apps/view`: the view's side of MCP Apps, for the HTML in the iframe. `AppView` runs the
 * `ui/initialize` handshake with its host and makes the calls a view may make.
 */
export { AppView, type AppViewOptions } from './app-view.js';
