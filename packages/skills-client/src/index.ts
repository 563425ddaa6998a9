/**
 * `@mcpkit/skills-client`: MCP skills (`io.modelcontextprotocol/skills`) from the host's side.
 * `skillsExtension()` teaches a `ModernClient` the extension; `SkillsClient` lists and gets entries,
 * loads a skill and reads its files lazily, each verified against the entry before it is handed over.
 */
export { skillsExtension } from './extension.js';
export { SkillsClient, type LoadOptions } from './skills-client.js';
export { LoadedSkill } from './loaded-skill.js';
export type { SkillFile } from './content.js';
export { SkillVerificationError, SkillsUnsupportedError, type SkillVerificationReason } from './errors.js';
