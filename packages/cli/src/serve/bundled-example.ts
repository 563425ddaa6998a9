// Bundled into the CLI's dist at build time (`noExternal` in tsup.config.ts): the published CLI
// carries the example server instead of depending on an unpublished package.
export { createEverythingServer, everythingApps } from '@mcpkit/example-everything';
