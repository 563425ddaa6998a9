import { memorySkillSource, createSkillsServer, type SkillsServer } from '@mcpkit/skills';

// A small skills directory, held in memory so the server runs anywhere (the CLI bundles it, Workers
// have no file system). Paths are relative to the skills root, as directorySkillSource would see them.
const FILES: Readonly<Record<string, string>> = {
  'everything-tour/SKILL.md': [
    '---',
    'name: everything-tour',
    'description: Walk a user through what the mcpkit everything server offers, tool by tool',
    'license: Apache-2.0',
    'metadata:',
    '  version: "1.0.0"',
    '---',
    '',
    '# A tour of the everything server',
    '',
    '1. Call `echo` to check the connection.',
    '2. Read `references/TOOLS.md` for the tools worth showing first.',
    '3. Fill in `templates/summary.md` with what the user tried.',
    '',
  ].join('\n'),
  'everything-tour/references/TOOLS.md': '# Tools worth showing\n\n- `echo`: answers with its input.\n- `slow_compute`: runs as a task.\n',
  'everything-tour/templates/summary.md': '# Tour summary\n\nTried: {tools}\nLiked best: {favourite}\n',
  'mcpkit/release-notes/SKILL.md': [
    '---',
    'name: release-notes',
    'description: Write release notes from the changesets of an mcpkit release',
    '---',
    '',
    '# Release notes',
    '',
    'Group the changesets by package; one line each, in the words of the changeset.',
    '',
  ].join('\n'),
};

/** The skills extension of the everything server, with its small skills directory. */
export function everythingSkills(): SkillsServer {
  return createSkillsServer({ source: memorySkillSource(FILES) });
}
