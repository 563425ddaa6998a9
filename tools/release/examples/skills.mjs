// @mcpkit/skills: a directory of skills served by createSkillsServer; a client reads its SKILL.md.
import fs from 'node:fs';
import path from 'node:path';
import { META, check } from './_shared.mjs';

export const SKILL = '---\nname: git-workflow\ndescription: How we branch and merge.\n---\n\nBranch from main; merge with a review.\n';

export function skillsDir(dir) {
  const root = path.join(dir, 'skills');
  fs.mkdirSync(path.join(root, 'git-workflow'), { recursive: true });
  fs.writeFileSync(path.join(root, 'git-workflow', 'SKILL.md'), SKILL);
  return root;
}

export default async function (load, { dir }) {
  const { createServer } = await load('@mcpkit/server');
  const { createSkillsServer } = await load('@mcpkit/skills');
  const { directorySkillSource } = await load('@mcpkit/skills/node');
  const skills = createSkillsServer({ source: directorySkillSource(skillsDir(dir)) });
  const server = createServer({ info: { name: 'docs', version: '1.0.0' }, extensions: [skills] });
  const read = await server.dispatch({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'skill://git-workflow/SKILL.md', _meta: META } });
  check(read.result?.contents?.[0]?.text === SKILL, `resources/read: ${JSON.stringify(read).slice(0, 400)}`);
  return 'createSkillsServer(directorySkillSource) served skill://git-workflow/SKILL.md';
}
