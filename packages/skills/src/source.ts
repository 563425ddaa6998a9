/** One child of a directory of a skill source. */
export interface SkillSourceEntry {
  /** Its name within the directory (one path segment). */
  readonly name: string;
  /** A file or a directory (a source leaves out anything else: links it does not follow, devices). */
  readonly kind: 'file' | 'directory';
  /**
   * A token that changes whenever the file's bytes may have changed (a directory source uses its
   * modification time and size). When given (here or by the source's `version`), the server reuses
   * the digest it computed for the same token instead of reading the file again; without it every
   * listing reads every file.
   */
  readonly version?: string;
}

/**
 * Where a skills server finds its files: a tree of directories and files addressed by
 * `/`-separated paths relative to its root (`''` is the root). Each directory holding a `SKILL.md`
 * is a skill. The server only ever asks for paths made of checked segments (no `.`, `..`, empty
 * segments, backslashes or NUL), and asks lazily: nothing is read until a request needs it.
 *
 * `memorySkillSource` (this entry) runs anywhere; `directorySkillSource` (`@mcpkit/skills/node`)
 * reads a directory with `node:fs`.
 */
export interface SkillSource {
  /** The children of the directory at `path`, or `undefined` when it is not a directory. */
  list(path: string): Promise<readonly SkillSourceEntry[] | undefined>;
  /**
   * The bytes of the file at `path`, or `undefined` when it is not a file. A file larger than
   * `maxBytes` may be cut short after `maxBytes + 1` bytes: the server refuses it either way.
   */
  read(path: string, maxBytes: number): Promise<Uint8Array | undefined>;
  /**
   * The version token of the file at `path` (see `SkillSourceEntry.version`), for a source whose
   * `list` leaves it out because it costs a call per file (a directory: one `stat`). The server asks
   * only for the files of a skill within its limits, a few at a time.
   */
  version?(path: string): Promise<string | undefined>;
}
