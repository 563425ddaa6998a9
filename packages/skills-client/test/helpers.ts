import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModernClient } from '@mcpkit/client';
import { StdioClientTransport } from '@mcpkit/stdio';
import { skillsExtension } from '../src/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const SKILLS_STDIO = join(here, 'fixtures', 'skills-stdio.mjs');

export const sha256 = (bytes: string | Uint8Array): string => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

export const SKILL_MD =
  '---\nname: pdf-processing\ndescription: Extract, fill, and assemble PDF documents\nmetadata:\n  version: "1"\n---\n\nSee references/FORMS.md.\n';
export const FORMS_MD = '# Forms\n';

/** A temporary skills directory; `write()` changes a file, `remove()` deletes it all. */
export function skillTree(): { root: string; write(path: string, content: string | Uint8Array): void; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'mcpkit-skills-client-'));
  const write = (path: string, content: string | Uint8Array) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  write('pdf-processing/SKILL.md', SKILL_MD);
  write('pdf-processing/references/FORMS.md', FORMS_MD);
  write('pdf-processing/assets/blank.bin', new Uint8Array([0, 1, 2, 0xff]));
  return { root, write, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** A client (declaring the skills extension) of the fixture server in its own process; `methods` records what it sent. */
export function fixtureClient(root: string, ...args: string[]): { client: ModernClient; methods: string[] } {
  const methods: string[] = [];
  const client = new ModernClient(new StdioClientTransport({ command: process.execPath, args: [SKILLS_STDIO, root, ...args], stderr: 'ignore' }), {
    extensions: [skillsExtension()],
    onWarning: () => {},
    trace: (event) => {
      const message = event.message as { method?: string; params?: { uri?: string } };
      if (event.direction === 'send' && message.method) methods.push(message.params?.uri ? `${message.method} ${message.params.uri}` : message.method);
    },
  });
  return { client, methods };
}
