import type { CallOptions, McpClient } from '@mcpkit/client';
import type { Skill, SkillFrontmatter } from '@mcpkit/schema/skills';
import { readFile, type SkillFile } from './content.js';
import { SkillVerificationError } from './errors.js';
import { checkBytes, listed, skillRoot } from './verify.js';

/**
 * A skill whose `SKILL.md` was read and verified against the entry it holds (skills.mdx "The Acting
 * Window and the Held Entry"). Its supporting files are fetched only when `read()` asks for one,
 * and only if the held entry lists it; each is verified before it is returned.
 */
export class LoadedSkill {
  /** @internal */
  constructor(
    private readonly client: McpClient,
    /** The entry the skill was loaded from, and against which every read is verified. */
    readonly entry: Skill,
    /** The verified `SKILL.md`. */
    readonly skillMd: SkillFile,
    /** The frontmatter parsed from `SKILL.md` (equal to the entry's). */
    readonly frontmatter: SkillFrontmatter,
  ) {}

  /** The text of `SKILL.md`. */
  get text(): string {
    return this.skillMd.text ?? new TextDecoder().decode(this.skillMd.bytes);
  }

  /** Whether the content is verified: false only for a `"dynamic"` skill loaded with `allowDynamic`. */
  get verified(): boolean {
    return this.entry.resources !== 'dynamic';
  }

  /** The URIs of the skill's files as the held entry lists them (empty for a dynamic skill). */
  get files(): readonly string[] {
    return this.entry.resources === 'dynamic' ? [] : this.entry.resources.map((r) => r.uri);
  }

  /**
   * The URI a reference in the skill names: a relative path resolves against the skill's root
   * (skills.mdx "Relative References"), a URI stays as it is. A path climbing out of the skill is refused.
   */
  resolve(reference: string): string {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(reference)) return reference;
    const root = skillRoot(this.entry);
    const segments: string[] = [];
    for (const segment of reference.split('/')) {
      if (segment === '' || segment === '.') continue;
      if (segment === '..') {
        if (segments.pop() === undefined) throw new SkillVerificationError('unlisted', reference, `${reference} climbs out of the skill ${root}`);
      } else segments.push(segment);
    }
    return `${root}/${segments.join('/')}`;
  }

  /**
   * Reads a file of the skill (a URI or a path relative to its root), verified against the held
   * entry: unlisted, wrong size or wrong digest is a `SkillVerificationError` and nothing is returned.
   * A dynamic skill's files come unverified.
   */
  async read(reference: string, options?: CallOptions): Promise<SkillFile> {
    const uri = this.resolve(reference);
    if (this.entry.resources === 'dynamic') {
      if (!uri.startsWith(`${skillRoot(this.entry)}/`)) throw new SkillVerificationError('unlisted', uri, `${uri} is not a file of ${this.entry.uri}`);
      return readFile(this.client, uri, options);
    }
    const file = listed(this.entry, uri);
    const content = await readFile(this.client, uri, options);
    await checkBytes(file, content.bytes);
    return content;
  }
}
