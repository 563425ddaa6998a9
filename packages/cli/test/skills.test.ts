import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleStdio, json, killChildren, mcpkit, startExample, type HttpExample } from './helpers.js';

// spec: extensions skills.mdx (modelcontextprotocol/ext-skills, specification/stable/skills.mdx)
const CHANGING = fileURLToPath(new URL('./fixtures/changing-skills.mjs', import.meta.url));
const changing = (...args: string[]): string[] => ['--stdio', [process.execPath, CHANGING, ...args].join(' ')];

/** `mcpkit skills list|get` against the skills of `mcpkit serve-example`, over stdio and HTTP, as child processes. */
describe.each(['stdio', 'http'] as const)('mcpkit skills over %s', (kind) => {
  let server: HttpExample | undefined;
  const target = (): string[] => (kind === 'stdio' ? ['--stdio', exampleStdio()] : ['--url', server!.endpoint]);

  beforeAll(async () => {
    if (kind === 'http') server = await startExample('dual');
  });
  afterAll(async () => {
    await server?.stop();
    killChildren();
  });

  it('skills list shows each skill with its description and manifest; --json gives the entries', async () => {
    const [human, data] = await Promise.all([mcpkit(['skills', 'list', ...target()]), mcpkit(['skills', 'list', '--json', ...target()])]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^everything-tour — Walk a user through what the mcpkit everything server offers/m);
    expect(human.stdout).toMatch(/skill:\/\/everything-tour\/SKILL\.md · 3 files, \d+ bytes/);
    expect(human.stdout).toMatch(/^release-notes — /m);
    const skills = json(data).skills as { uri: string; resources: { digest: string }[] }[];
    expect(skills.map((s) => s.uri)).toEqual(['skill://everything-tour/SKILL.md', 'skill://mcpkit/release-notes/SKILL.md']);
    expect(skills[0]!.resources[0]!.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('skills get prints the entry and the verified SKILL.md; --json gives both', async () => {
    const uri = 'skill://everything-tour/SKILL.md';
    const [human, data] = await Promise.all([mcpkit(['skills', 'get', uri, ...target()]), mcpkit(['skills', 'get', uri, '--json', ...target()])]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('skill://everything-tour/references/TOOLS.md');
    expect(human.stdout).toContain('# A tour of the everything server');
    const body = json(data);
    expect(body.skill.frontmatter).toMatchObject({ name: 'everything-tour', license: 'Apache-2.0' });
    expect(body.text).toMatch(/^---\nname: everything-tour\n/);
  });

  // spec: skills.mdx "Getting a Skill" — an unknown skill is -32602.
  it('skills get of a skill the server does not serve exits 1 with the server error', async () => {
    const run = await mcpkit(['skills', 'get', 'skill://no-such-skill/SKILL.md', ...target()]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No skill is served at skill://no-such-skill/SKILL.md');
  });
});

describe('mcpkit skills: verification and refusals', () => {
  afterAll(() => killChildren());

  // spec: skills.mdx "Verification on Read" — content that does not match the entry is not used.
  it('skills get refuses a SKILL.md that changed after its entry: exit 1, nothing of it printed', async () => {
    const run = await mcpkit(['skills', 'get', 'skill://shifting/SKILL.md', ...changing()]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/skill:\/\/shifting\/SKILL\.md hashes to sha256:[0-9a-f]{64}, its entry says sha256:[0-9a-f]{64}: the content was not used/);
    const data = json(await mcpkit(['skills', 'get', 'skill://shifting/SKILL.md', '--json', ...changing()]));
    expect(data.error).toMatchObject({ reason: 'digest', uri: 'skill://shifting/SKILL.md' });
  });

  // spec: skills.mdx "Capability Negotiation" — skills/list only after the server's declaration.
  it('skills list against a server without the extension says so and exits 1, sending no skills/list', async () => {
    const run = await mcpkit(['skills', 'list', '--trace', ...changing('--no-skills')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The server does not declare io.modelcontextprotocol/skills');
    expect(run.stderr).not.toContain('skills/list');
  });

  it('skills get needs the URI', async () => {
    const run = await mcpkit(['skills', 'get', '--stdio', 'true']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("needs the URI of the skill's SKILL.md");
  });
});
