/**
 * `@mcpkit/apps`: MCP Apps (`io.modelcontextprotocol/ui`, SEP-1865). This entry holds what every side
 * shares: the wire shapes, the tool metadata readers, the CSP a view gets and the postMessage
 * transport. Servers use `@mcpkit/apps/server`, views `@mcpkit/apps/view`, hosts `@mcpkit/apps-host`.
 */
export * from './protocol.js';
export { toolUi, visibilityOf, isModelVisible, isAppCallable, viewUriOf, clientRendersViews } from './tool-meta.js';
export { buildViewCsp, type ViewCsp } from './csp.js';
export {
  PostMessageTransport,
  type PostMessageTransportOptions,
  type PostTarget,
  type MessageEventTarget,
} from './post-message-transport.js';
