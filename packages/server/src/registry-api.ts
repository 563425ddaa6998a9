/**
 * `@mcpkit/server/registry`: the immutable registry behind a server (`server.registry`), the
 * draft `server.update()` hands out, and what a change reports.
 */
export { Registry, RegistryDraft, ItemList, type RegistryContents, type RegistryChanges } from './registry/registry.js';
