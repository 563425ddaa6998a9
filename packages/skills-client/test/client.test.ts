// Our skills client against our skills server (@mcpkit/skills with directorySkillSource) in its own
// process over stdio: lazy retrieval, and verification of size, digest and frontmatter against the
// held entry before any content is handed over.
// spec: extensions skills.mdx (modelcontextprotocol/ext-skills, specification/stable/skills.mdx)
import type { ModernClient } from '@mcpkit/client';
import { RemoteError } from '@mcpkit/jsonrpc';
import type { Skill } from '@mcpkit/schema/skills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SkillsClient, SkillsUnsupportedError, SkillVerificationError } from '../src/index.js';
import { FORMS_MD, fixtureClient, sha256, SKILL_MD, skillTree } from './helpers.js';

let tree: ReturnType<typeof skillTree>;
let client: ModernClient;
let methods: string[];
beforeEach(() => {
  tree = skillTree();
  ({ client, methods } = fixtureClient(tree.root));
});
afterEach(async () => {
  await client.close();
  tree.remove();
});

async function failure(promise: Promise<unknown>): Promise<SkillVerificationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SkillVerificationError);
  return error as SkillVerificationError;
}

const reads = () => methods.filter((m) => m.startsWith('resources/read'));

describe('skills client over stdio', () => {
  // spec: skills.mdx "Lazy Retrieval" — nothing is fetched on listing; SKILL.md on load, a file when read.
  it('lists without reading a file, loads SKILL.md verified, then reads only the file asked for', async () => {
    const skills = new SkillsClient(client);
    const entries: Skill[] = [];
    for await (const entry of skills.iterate()) entries.push(entry);
    expect(entries.map((e) => e.uri)).toEqual(['skill://pdf-processing/SKILL.md']);
    expect(reads()).toEqual([]);
    const loaded = await skills.load(entries[0]!);
    expect(loaded.text).toBe(SKILL_MD);
    expect(loaded.frontmatter).toEqual({ name: 'pdf-processing', description: 'Extract, fill, and assemble PDF documents', metadata: { version: '1' } });
    expect(reads()).toEqual(['resources/read skill://pdf-processing/SKILL.md']);
    const forms = await loaded.read('references/FORMS.md');
    expect(forms.text).toBe(FORMS_MD);
    const blob = await loaded.read('skill://pdf-processing/assets/blank.bin');
    expect([...blob.bytes]).toEqual([0, 1, 2, 0xff]);
    expect(reads()).toHaveLength(3);
  });

  it('gets an entry by URI, and passes on the server refusing an unknown one', async () => {
    const skills = new SkillsClient(client);
    const loaded = await skills.load('skill://pdf-processing/SKILL.md');
    expect(loaded.entry.resources).toContainEqual({ uri: 'skill://pdf-processing/SKILL.md', digest: sha256(SKILL_MD), size: Buffer.byteLength(SKILL_MD) });
    const error = await skills.get('skill://nope/SKILL.md').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect((error as RemoteError).code).toBe(-32602);
  });

  // spec: skills.mdx "Verification on Read" — a size mismatch fails whether or not the digest is computed.
  it('refuses a SKILL.md whose size differs from the held entry, and reads nothing more', async () => {
    const skills = new SkillsClient(client);
    const entry = await skills.get('skill://pdf-processing/SKILL.md');
    tree.write('pdf-processing/SKILL.md', `${SKILL_MD}appended after the entry was fetched\n`);
    const error = await failure(skills.load(entry));
    expect(error.reason).toBe('size');
    expect(error.uri).toBe('skill://pdf-processing/SKILL.md');
    expect(reads()).toEqual(['resources/read skill://pdf-processing/SKILL.md']);
    // Getting the entry again is the way back (the changed skill then verifies).
    expect((await skills.load('skill://pdf-processing/SKILL.md')).text).toContain('appended');
  });

  it('refuses content of the right size with the wrong digest, for SKILL.md and for a supporting file', async () => {
    const skills = new SkillsClient(client);
    const entry = await skills.get('skill://pdf-processing/SKILL.md');
    tree.write('pdf-processing/references/FORMS.md', '# Fxrms\n');
    const loaded = await skills.load(entry);
    expect((await failure(loaded.read('references/FORMS.md'))).reason).toBe('digest');
    // The client's result cache holds the SKILL.md it verified; a reload fetches the changed one.
    tree.write('pdf-processing/SKILL.md', SKILL_MD.replace('Extract', 'Exfiltr'));
    expect((await skills.load(entry)).text).toBe(SKILL_MD);
    expect((await failure(skills.load(entry, { cache: 'reload' }))).reason).toBe('digest');
  });

  // spec: skills.mdx "Frontmatter Verification" — parse SKILL.md and compare field by field with the entry.
  it('refuses a skill whose SKILL.md frontmatter differs from the entry it holds', async () => {
    const skills = new SkillsClient(client);
    const entry = await skills.get('skill://pdf-processing/SKILL.md');
    const error = await failure(skills.load({ ...entry, frontmatter: { ...entry.frontmatter, description: 'Something else' } }));
    expect(error.reason).toBe('frontmatter');
    expect(error.message).toMatch(/differs from the entry's in description/);
  });

  // spec: skills.mdx "The Acting Window and the Held Entry" — an unlisted file is a verification failure.
  it('refuses to read a file the held entry does not list, without asking the server', async () => {
    const skills = new SkillsClient(client);
    const loaded = await skills.load('skill://pdf-processing/SKILL.md');
    tree.write('pdf-processing/references/NEW.md', 'added later\n');
    const before = reads().length;
    expect((await failure(loaded.read('references/NEW.md'))).reason).toBe('unlisted');
    expect((await failure(loaded.read('../other-skill/SKILL.md'))).reason).toBe('unlisted');
    expect(reads()).toHaveLength(before);
  });

  it('checks an entry before fetching anything: name and path, manifest, limits, dynamic content', async () => {
    const skills = new SkillsClient(client);
    const entry = await skills.get('skill://pdf-processing/SKILL.md');
    const files = entry.resources as { uri: string; digest: string; size: number }[];
    const cases: Array<[Skill, string]> = [
      [{ ...entry, frontmatter: { ...entry.frontmatter, name: 'other' } }, 'entry'],
      [{ ...entry, resources: files.slice(1) }, 'entry'],
      [{ ...entry, resources: [...files, { uri: 'skill://elsewhere/x.md', digest: files[0]!.digest, size: 1 }] }, 'entry'],
      [{ ...entry, resources: [...files, { uri: 'skill://pdf-processing/huge.bin', digest: files[0]!.digest, size: 17 * 1024 * 1024 }] }, 'limits'],
      [{ ...entry, resources: 'dynamic' }, 'dynamic'],
    ];
    for (const [bad, reason] of cases) expect((await failure(skills.load(bad))).reason).toBe(reason);
    expect(reads()).toEqual([]);
    // A dynamic skill loads when the caller accepts unverified content.
    const dynamic = await skills.load({ ...entry, resources: 'dynamic' }, { allowDynamic: true });
    expect(dynamic.verified).toBe(false);
  });

  // spec: skills.mdx "Capability Negotiation" — no resources/directory/read without directoryRead: true.
  it('reads directories only from a server that declares directoryRead', async () => {
    const skills = new SkillsClient(client);
    const dir = await skills.readDirectory('skill://pdf-processing/references');
    expect(dir.resources).toEqual([{ uri: 'skill://pdf-processing/references/FORMS.md', name: 'FORMS.md', mimeType: 'text/markdown', size: 8 }]);
    const plain = fixtureClient(tree.root, '--no-directory-read');
    try {
      const error = await new SkillsClient(plain.client).readDirectory('skill://pdf-processing').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SkillsUnsupportedError);
      expect(plain.methods.filter((m) => m.startsWith('resources/directory/read'))).toEqual([]);
    } finally {
      await plain.client.close();
    }
  });
});
