// The skills server in its own process (stdio), serving a real directory with directorySkillSource,
// driven by our RawClient with raw requests.
// spec: extensions skills.mdx (modelcontextprotocol/ext-skills, specification/stable/skills.mdx)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RemoteError } from '@mcpkit/jsonrpc';
import type { Skill } from '@mcpkit/schema/skills';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureClient, PDF_SKILL_MD, PNG_BYTES, type RawClient, sha256, skillTree } from './helpers.js';

let tree: ReturnType<typeof skillTree>;
let client: RawClient;
beforeAll(() => {
  tree = skillTree();
  client = fixtureClient(tree.root);
});
afterAll(async () => {
  await client?.close();
  tree?.remove();
});

async function listAll(c: RawClient): Promise<{ skills: Skill[]; pages: number }> {
  const skills: Skill[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = (await c.request('skills/list', cursor === undefined ? {} : { cursor })) as unknown as { skills: Skill[]; nextCursor?: string };
    skills.push(...page.skills);
    cursor = page.nextCursor;
    pages++;
  } while (cursor !== undefined && pages < 20);
  return { skills, pages };
}

async function refusal(promise: Promise<unknown>): Promise<RemoteError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteError);
  return error as RemoteError;
}

describe('skills server over stdio', () => {
  // spec: skills.mdx "Capability Negotiation" — directoryRead inline; the resources capability too.
  it('declares the extension with directoryRead and the resources capability', async () => {
    const discovered = await client.discover();
    expect(discovered.capabilities.extensions?.['io.modelcontextprotocol/skills']).toEqual({ directoryRead: true });
    expect(discovered.capabilities.resources).toBeDefined();
  });

  // spec: skills.mdx "Skill Entries", "Frontmatter", "Resources", "Nested Skills"
  it('lists every valid skill with its verbatim frontmatter and a complete manifest of digests and sizes', async () => {
    const { skills } = await listAll(client);
    expect(skills.map((s) => s.uri)).toEqual([
      'skill://acme/billing/refunds/SKILL.md',
      'skill://acme/billing/refunds/chargebacks/SKILL.md',
      'skill://pdf-processing/SKILL.md',
    ]);
    const pdf = skills.find((s) => s.frontmatter.name === 'pdf-processing')!;
    expect(pdf.frontmatter).toEqual({
      name: 'pdf-processing',
      description: 'Extract, fill, and assemble PDF documents',
      license: 'Apache-2.0',
      metadata: { version: '2.1.0', released: '2026-01-02' },
    });
    // SKILL.md first; hidden files and symbolic links are not part of the skill.
    expect(pdf.resources).toEqual([
      { uri: 'skill://pdf-processing/SKILL.md', digest: sha256(PDF_SKILL_MD), size: Buffer.byteLength(PDF_SKILL_MD) },
      { uri: 'skill://pdf-processing/assets/logo.png', digest: sha256(PNG_BYTES), size: PNG_BYTES.length },
      { uri: 'skill://pdf-processing/templates/invoice.md', digest: sha256('# Invoice\n'), size: 10 },
      { uri: 'skill://pdf-processing/templates/regional/eu-invoice.md', digest: sha256('# EU invoice\n'), size: 13 },
    ]);
    // The nested skill's files are supporting files of the enclosing one.
    const refunds = skills.find((s) => s.frontmatter.name === 'refunds')!;
    expect((refunds.resources as { uri: string }[]).map((r) => r.uri)).toEqual([
      'skill://acme/billing/refunds/SKILL.md',
      'skill://acme/billing/refunds/chargebacks/SKILL.md',
    ]);
  });

  // spec: skills.mdx "Listing Skills" — pagination; an entry is never split; ttlMs and cacheScope required.
  it('pages the listing with opaque cursors and caching hints', async () => {
    const paged = fixtureClient(tree.root, '--page-size', '1');
    try {
      const first = (await paged.request('skills/list', {})) as unknown as { skills: Skill[]; nextCursor?: string; ttlMs?: number; cacheScope?: string };
      expect(first.skills).toHaveLength(1);
      expect(first).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' });
      expect(typeof first.nextCursor).toBe('string');
      const { skills, pages } = await listAll(paged);
      expect(skills.map((s) => s.frontmatter.name).sort()).toEqual(['chargebacks', 'pdf-processing', 'refunds']);
      expect(pages).toBeGreaterThanOrEqual(3);
      expect((await refusal(paged.request('skills/list', { cursor: '!!not base64!!' }))).code).toBe(-32602);
    } finally {
      await paged.close();
    }
  });

  // spec: skills.mdx "Getting a Skill" — same entry as the listing; unknown URI is -32602, no cursor.
  it('gets one skill by URI, listed or not, and refuses what it does not serve with -32602', async () => {
    const got = (await client.request('skills/get', { uri: 'skill://acme/billing/refunds/chargebacks/SKILL.md' })) as unknown as {
      skill: Skill;
      nextCursor?: string;
    };
    expect(got.skill.frontmatter).toEqual({ name: 'chargebacks', description: 'Handle chargebacks' });
    expect(got).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' });
    expect(got.nextCursor).toBeUndefined();
    const cases: Record<string, RegExp> = {
      'skill://nowhere/SKILL.md': /No skill is served at skill:\/\/nowhere\/SKILL\.md/,
      'skill://wrong-name/SKILL.md': /names it "other"/,
      'skill://no-description/SKILL.md': /no description/,
      'skill://latin1/SKILL.md': /not UTF-8/,
      'skill://pdf-processing/../acme/billing/refunds/SKILL.md': /not the URI of a skill/,
      'skill://pdf-processing/templates/invoice.md': /not the URI of a skill/,
      'file:///etc/SKILL.md': /not the URI of a skill/,
    };
    for (const [uri, message] of Object.entries(cases)) {
      const error = await refusal(client.request('skills/get', { uri }));
      expect(error.code, uri).toBe(-32602);
      expect(error.message, uri).toMatch(message);
    }
  });

  // spec: skills.mdx "Reading Skill Content", "Resource Metadata" — SKILL.md is text/markdown.
  it('serves skill files with resources/read: text as text, bytes as a blob, the digests matching', async () => {
    const md = await client.readResource({ uri: 'skill://pdf-processing/SKILL.md' });
    expect(md.contents).toEqual([{ uri: 'skill://pdf-processing/SKILL.md', mimeType: 'text/markdown', text: PDF_SKILL_MD }]);
    const png = await client.readResource({ uri: 'skill://pdf-processing/assets/logo.png' });
    const item = png.contents[0] as { blob?: string; mimeType?: string };
    expect(item.mimeType).toBe('image/png');
    expect(sha256(Buffer.from(item.blob!, 'base64'))).toBe(sha256(PNG_BYTES));
  });

  // spec: skills.mdx "Error Handling" — a skill file the server does not serve is -32602.
  it('refuses with -32602 every read outside a served skill: escapes, links, hidden files, invalid skills', async () => {
    for (const uri of [
      'skill://README.md',
      'skill://pdf-processing/../README.md',
      'skill://pdf-processing/%2e%2e/README.md',
      'skill://pdf-processing/templates/linked.md',
      'skill://pdf-processing/linked-dir/secret.txt',
      'skill://pdf-processing/.hidden',
      'skill://latin1/SKILL.md',
      'skill://pdf-processing/missing.md',
    ]) {
      expect((await refusal(client.readResource({ uri }))).code, uri).toBe(-32602);
    }
    expect((await refusal(client.readResource({ uri: 'skill://pdf-processing/templates' }))).message).toMatch(/directory resource/);
  });

  // spec: skills.mdx "Reading Directories" — direct children; subdirectories inode/directory; files -32602.
  it('reads directories: direct children only, subdirectories as inode/directory, never a file', async () => {
    const root = (await client.request('resources/directory/read', { uri: 'skill://pdf-processing' })) as unknown as { resources: unknown[] };
    expect(root.resources).toEqual([
      {
        uri: 'skill://pdf-processing/SKILL.md',
        name: 'pdf-processing',
        description: 'Extract, fill, and assemble PDF documents',
        mimeType: 'text/markdown',
        size: Buffer.byteLength(PDF_SKILL_MD),
      },
      { uri: 'skill://pdf-processing/assets', name: 'assets', mimeType: 'inode/directory' },
      { uri: 'skill://pdf-processing/templates', name: 'templates', mimeType: 'inode/directory' },
    ]);
    const templates = (await client.request('resources/directory/read', { uri: 'skill://pdf-processing/templates' })) as unknown as { resources: unknown[] };
    expect(templates.resources).toEqual([
      { uri: 'skill://pdf-processing/templates/invoice.md', name: 'invoice.md', mimeType: 'text/markdown', size: 10 },
      { uri: 'skill://pdf-processing/templates/regional', name: 'regional', mimeType: 'inode/directory' },
    ]);
    const notDir = await refusal(client.request('resources/directory/read', { uri: 'skill://pdf-processing/SKILL.md' }));
    expect(notDir.code).toBe(-32602);
    expect(notDir.message).toBe('skill://pdf-processing/SKILL.md is not a directory resource');
    for (const uri of ['skill://pdf-processing/linked-dir', 'skill://pdf-processing/nope', 'skill://acme', 'skill://pdf-processing/..']) {
      expect((await refusal(client.request('resources/directory/read', { uri }))).code, uri).toBe(-32602);
    }
  });

  // spec: skills.mdx "Limits" — a skill over 16 MiB (here a lowered limit) is not served.
  it('does not serve a skill over its size limit, and says why', async () => {
    const small = fixtureClient(tree.root, '--max-bytes', String(Buffer.byteLength(PDF_SKILL_MD) + 20));
    try {
      const names = (await listAll(small)).skills.map((s) => s.frontmatter.name);
      expect(names).toEqual(['refunds', 'chargebacks']);
      const error = await refusal(small.request('skills/get', { uri: 'skill://pdf-processing/SKILL.md' }));
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(/more than \d+ bytes/);
    } finally {
      await small.close();
    }
  });

  // Files are read when a request needs them: a change after start shows in the next entry.
  it('reads lazily: an edited file gets its new digest in the next entry', async () => {
    const before = (await client.request('skills/get', { uri: 'skill://acme/billing/refunds/SKILL.md' })) as unknown as { skill: Skill };
    const edited = '---\nname: refunds\ndescription: Process refunds per the new policy\n---\nRefund body, revised.\n';
    tree.write('acme/billing/refunds/SKILL.md', edited);
    const after = (await client.request('skills/get', { uri: 'skill://acme/billing/refunds/SKILL.md' })) as unknown as { skill: Skill };
    expect(after.skill.frontmatter.description).toBe('Process refunds per the new policy');
    expect((after.skill.resources as { digest: string }[])[0]!.digest).toBe(sha256(edited));
    expect(after.skill.resources).not.toEqual(before.skill.resources);
    expect(readFileSync(join(tree.root, 'acme/billing/refunds/SKILL.md'), 'utf8')).toBe(edited);
  });
});
