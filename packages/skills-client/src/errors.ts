import { LocalError } from '@mcpkit/jsonrpc';

/** What a skill failed to verify on (skills.mdx "Integrity and Verification"). */
export type SkillVerificationReason =
  /** The entry breaks the extension's rules (URI, name, manifest). */
  | 'entry'
  /** The entry is over the limits of skills.mdx "Limits" (512 files, 16 MiB). */
  | 'limits'
  /** The entry's `resources` is `"dynamic"` and the caller did not allow unverifiable content. */
  | 'dynamic'
  /** The file is not listed in the held entry. */
  | 'unlisted'
  /** The content's byte length differs from the entry's `size`. */
  | 'size'
  /** The content's SHA-256 differs from the entry's `digest`. */
  | 'digest'
  /** The `SKILL.md` frontmatter differs from the entry's `frontmatter`. */
  | 'frontmatter'
  /** The read answered no content for the file. */
  | 'content';

/**
 * A skill or skill file that did not verify against its entry: the content was not handed over.
 * A local failure, not the server's error. To recover from a stale entry, get it again (`get()`).
 */
export class SkillVerificationError extends LocalError {
  /** The brand `instanceof` recognises across copies of this package (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/skills-client/SkillVerificationError';
  override readonly name = 'SkillVerificationError';
  constructor(
    /** What failed. */
    readonly reason: SkillVerificationReason,
    /** The file (or the skill's `SKILL.md`) concerned. */
    readonly uri: string,
    message: string,
  ) {
    super(message);
  }
}

/** The server did not declare the skills extension (or its `directoryRead` setting), so the request was not sent. */
export class SkillsUnsupportedError extends LocalError {
  /** The brand `instanceof` recognises across copies of this package (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/skills-client/SkillsUnsupportedError';
  override readonly name = 'SkillsUnsupportedError';
}
