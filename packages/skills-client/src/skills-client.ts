import type { CallOptions, McpClient } from '@mcpkit/client';
import type { GetSkillResult, ListSkillsResult, ReadResourceDirectoryResult, Skill, SkillsExtensionCapability } from '@mcpkit/schema/skills';
import { SKILLS_EXTENSION_ID } from '@mcpkit/schema/skills';
import { readFile } from './content.js';
import { SkillsUnsupportedError, SkillVerificationError } from './errors.js';
import { FrontmatterError, parseFrontmatter } from './frontmatter.js';
import { LoadedSkill } from './loaded-skill.js';
import { checkBytes, checkEntry, jsonEqual, listed } from './verify.js';

/** Options of `SkillsClient.load`. */
export interface LoadOptions extends CallOptions {
  /** Load a skill whose `resources` is `"dynamic"` (no digests: nothing can be verified). Default false: refused. */
  allowDynamic?: boolean;
}

const MAX_PAGES = 1000;

/**
 * Skills from the host's side, on any `McpClient` whose server declares the skills extension
 * (`ModernClient` with `skillsExtension()`): list and get entries, load a skill (its `SKILL.md`,
 * verified for size, digest and frontmatter against the entry) and read its files one by one when
 * needed. Nothing is fetched ahead of need (skills.mdx "Lazy Retrieval"): listing reads no file.
 *
 * @example
 * const skills = new SkillsClient(client);
 * for await (const entry of skills.iterate()) console.log(entry.frontmatter.name, entry.frontmatter.description);
 * const loaded = await skills.load('skill://pdf-processing/SKILL.md');
 * const invoice = await loaded.read('templates/invoice.md');
 */
export class SkillsClient {
  constructor(readonly client: McpClient) {}

  /** The server's settings of the extension (`{ directoryRead?: boolean }`), or `undefined` when it does not declare it. */
  async support(options?: CallOptions): Promise<SkillsExtensionCapability | undefined> {
    const declared = (await this.client.discover(options)).capabilities.extensions?.[SKILLS_EXTENSION_ID];
    return declared !== null && typeof declared === 'object' && !Array.isArray(declared) ? (declared as SkillsExtensionCapability) : undefined;
  }

  // spec: extensions skills.mdx "Capability Negotiation" — skills/* only after seeing the declaration.
  private async require(options: CallOptions | undefined): Promise<SkillsExtensionCapability> {
    const support = await this.support(options);
    if (!support) throw new SkillsUnsupportedError(`The server does not declare ${SKILLS_EXTENSION_ID}`);
    return support;
  }

  /** One page of `skills/list` (a listing may be partial: a skill missing from it may still be got by URI). */
  async list(cursor?: string, options?: CallOptions): Promise<ListSkillsResult> {
    await this.require(options);
    return (await this.client.request('skills/list', cursor === undefined ? {} : { cursor }, options)) as unknown as ListSkillsResult;
  }

  /** Every entry of every page, in order (stops at a cursor the server repeats). */
  async *iterate(options?: CallOptions): AsyncGenerator<Skill> {
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await this.list(cursor, options);
      yield* result.skills;
      cursor = result.nextCursor;
      if (cursor === undefined || seen.has(cursor)) return;
      seen.add(cursor);
    }
  }

  /** The entry of the skill whose `SKILL.md` is `uri` (listed or not); the server's `-32602` when it serves none. */
  async get(uri: string, options?: CallOptions): Promise<Skill> {
    await this.require(options);
    return ((await this.client.request('skills/get', { uri }, options)) as unknown as GetSkillResult).skill;
  }

  /**
   * Loads a skill: checks the entry (a URI is got first with `get`), reads its `SKILL.md`, verifies
   * size, digest and frontmatter against the entry, and returns it with the entry held for later
   * reads. Any mismatch is a `SkillVerificationError` and the content is not handed over.
   */
  async load(skill: Skill | string, options: LoadOptions = {}): Promise<LoadedSkill> {
    const entry = typeof skill === 'string' ? await this.get(skill, options) : skill;
    checkEntry(entry);
    if (entry.resources === 'dynamic' && !options.allowDynamic) {
      throw new SkillVerificationError(
        'dynamic',
        entry.uri,
        `Skill ${entry.uri} is dynamic: its content cannot be verified (pass allowDynamic to load it anyway)`,
      );
    }
    const file = entry.resources === 'dynamic' ? undefined : listed(entry, entry.uri);
    const content = await readFile(this.client, entry.uri, options);
    if (file) await checkBytes(file, content.bytes);
    // spec: extensions skills.mdx "Frontmatter Verification" — parse and compare field by field.
    let frontmatter;
    try {
      frontmatter = parseFrontmatter(content.text ?? new TextDecoder('utf-8', { fatal: true }).decode(content.bytes));
    } catch (error) {
      const why = error instanceof FrontmatterError ? error.message : 'it is not UTF-8 text';
      throw new SkillVerificationError('frontmatter', entry.uri, `${entry.uri}: ${why}`);
    }
    const differing = [...new Set([...Object.keys(frontmatter), ...Object.keys(entry.frontmatter)])].filter(
      (key) => !jsonEqual(frontmatter[key], entry.frontmatter[key]),
    );
    if (differing.length > 0) {
      throw new SkillVerificationError(
        'frontmatter',
        entry.uri,
        `${entry.uri}: its frontmatter differs from the entry's in ${differing.join(', ')}: the skill was not loaded`,
      );
    }
    return new LoadedSkill(this.client, entry, content, frontmatter);
  }

  /** One page of `resources/directory/read` (only against a server that declares `directoryRead: true`). */
  async readDirectory(uri: string, cursor?: string, options?: CallOptions): Promise<ReadResourceDirectoryResult> {
    const support = await this.require(options);
    if (support.directoryRead !== true) throw new SkillsUnsupportedError(`The server does not declare directoryRead for ${SKILLS_EXTENSION_ID}`);
    return (await this.client.request(
      'resources/directory/read',
      cursor === undefined ? { uri } : { uri, cursor },
      options,
    )) as unknown as ReadResourceDirectoryResult;
  }
}
