/**
 * `@mcpkit/skills`: the skills extension (`io.modelcontextprotocol/skills`, SEP-2640) on the server.
 * `createSkillsServer({ source })` publishes the skills of a `SkillSource`; `memorySkillSource` holds them
 * in memory (any runtime). Reading a directory with `node:fs` is `@mcpkit/skills/node`.
 */
export { createSkillsServer, type SkillsServer, type SkillsServerOptions } from './skills-server.js';
export type { SkillLimits } from './catalog.js';
export type { SkillSource, SkillSourceEntry } from './source.js';
export { memorySkillSource } from './memory-source.js';
