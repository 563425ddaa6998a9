/**
 * `@mcpkit/server/extension`: for authors of server extensions (`@mcpkit/tasks`, `@mcpkit/skills`):
 * the `ServerExtension` contract (methods, listen filters, capabilities), the host an extension is
 * handed, results that carry an extension's own fields, and the hook that wraps every dispatch.
 */
export type { ServerExtension, ExtensionMethod, ExtensionListen, ExtensionHost, DetachedContextInit } from './extensions/extension.js';
export { extensionResult, ExtensionResult } from './extensions/extension-result.js';
export type { DispatchAround, DispatchNext } from './dispatch/around.js';
export type { ListName } from './dispatch/core.js';
export type { LegacySessionEnd, LegacySessionHooks, LegacySessionInfo } from './extensions/session-hooks.js';
