// @mcpkit/skills-client: SkillsClient lists and loads (verified) the skills of a server over HTTP.
import { check } from './_shared.mjs';
import { SKILL, skillsDir } from './skills.mjs';

export default async function (load, { dir }) {
  const { ModernClient } = await load('@mcpkit/client');
  const { createHttpHandler, HttpClientTransport } = await load('@mcpkit/http');
  const { serveHttp } = await load('@mcpkit/http/node');
  const { createServer } = await load('@mcpkit/server');
  const { createSkillsServer } = await load('@mcpkit/skills');
  const { directorySkillSource } = await load('@mcpkit/skills/node');
  const { SkillsClient, skillsExtension } = await load('@mcpkit/skills-client');
  const server = createServer({ info: { name: 'docs', version: '1.0.0' }, extensions: [createSkillsServer({ source: directorySkillSource(skillsDir(dir)) })] });
  const { url, close } = await serveHttp(createHttpHandler(server), { port: 0 });
  const client = new ModernClient(new HttpClientTransport(url), { extensions: [skillsExtension()] });
  try {
    const skills = new SkillsClient(client);
    const names = [];
    for await (const entry of skills.iterate()) names.push(entry.frontmatter.name);
    check(names.join() === 'git-workflow', `skills: ${names}`);
    const loaded = await skills.load('skill://git-workflow/SKILL.md');
    check(loaded.text === SKILL, `load: ${JSON.stringify(loaded.text)}`);
  } finally {
    await client.close();
    await close();
  }
  return 'SkillsClient listed git-workflow and loaded its verified SKILL.md over HTTP';
}
