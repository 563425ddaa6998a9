/**
 * `@mcpkit/skills/node`: a skill source that reads a directory with `node:fs` (Node, Bun, Deno).
 */
export { directorySkillSource, type DirectorySkillSourceOptions } from './directory-source.js';
