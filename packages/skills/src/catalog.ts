import type { Skill, SkillFrontmatter } from '@mcpkit/schema/skills';
import { sha256Digest, utf8Text } from './digest.js';
import { FrontmatterError, parseFrontmatter } from './frontmatter.js';
import { baseName, isServedName, isSkillName, join, SKILL_MD, uriOf } from './paths.js';
import type { SkillSource, SkillSourceEntry } from './source.js';

/** The per-skill limits of skills.mdx "Limits": a skill over either is not served. */
export interface SkillLimits {
  /** Files per skill, `SKILL.md` included (default 512). */
  readonly maxFiles: number;
  /** Bytes of all the files of a skill together (default 16 MiB). */
  readonly maxBytes: number;
}

/** One file of a served skill. */
export interface ServedFile {
  readonly path: string;
  readonly uri: string;
  readonly size: number;
  readonly digest: string;
}

/** A skill as the server serves it: its entry and its files by path. */
export interface ServedSkill {
  readonly path: string;
  readonly entry: Skill;
  readonly files: ReadonlyMap<string, ServedFile>;
}

/** A skill built from the source, or why the directory is not a served skill. */
export type Built = { readonly ok: true; readonly skill: ServedSkill } | { readonly ok: false; readonly reason: string };

interface Cached {
  readonly version: string;
  /** The bytes read: the file's size, or (when `digest` is absent) one past the budget it went over. */
  readonly size: number;
  /** Absent when the read was cut short: the file is larger than `size - 1` bytes, and that is all we know. */
  readonly digest?: string;
  /** For a `SKILL.md`: its frontmatter, or why it has none. */
  readonly frontmatter?: SkillFrontmatter | string;
}

/** A cached digest that holds: the file was read whole. */
type Digested = Cached & { readonly digest: string };

const MAX_DEPTH = 32;
const MAX_DIRECTORIES = 10_000;
const MAX_CACHED = 10_000;
/** Version tokens asked of the source at once (a directory source: one `stat` each). */
const VERSION_CONCURRENCY = 16;

class NotServed extends Error {}

/**
 * Builds skill entries from a source, lazily: a listing walks the tree for directories holding a
 * `SKILL.md`; an entry reads each file of its skill to digest it, unless the source's version token
 * says the digest computed before still holds.
 */
export class SkillCatalog {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly source: SkillSource,
    private readonly limits: SkillLimits,
  ) {}

  /** The paths of the directories that hold a `SKILL.md` (nested ones included), sorted. */
  async skillPaths(): Promise<string[]> {
    const found: string[] = [];
    let level = [''];
    let visited = 0;
    for (let depth = 0; depth <= MAX_DEPTH && level.length > 0; depth++) {
      const next: string[] = [];
      for (const dir of level) {
        if (++visited > MAX_DIRECTORIES) return found.sort();
        const entries = (await this.source.list(dir)) ?? [];
        if (dir !== '' && entries.some((e) => e.kind === 'file' && e.name === SKILL_MD)) found.push(dir);
        for (const e of entries) if (e.kind === 'directory' && isServedName(e.name)) next.push(join(dir, e.name));
      }
      level = next;
    }
    return found.sort();
  }

  /** The skill at `path` (a directory relative to the source root), or why there is none. */
  async build(path: string): Promise<Built> {
    try {
      return { ok: true, skill: await this.buildSkill(path) };
    } catch (error) {
      if (error instanceof NotServed) return { ok: false, reason: error.message };
      throw error;
    }
  }

  private async buildSkill(path: string): Promise<ServedSkill> {
    const top = path === '' ? undefined : await this.source.list(path);
    const skillMd = top?.find((e) => e.kind === 'file' && e.name === SKILL_MD);
    if (!top || !skillMd) throw new NotServed('there is no skill there');
    const name = baseName(path);
    const files = await this.walk(path, top);
    const versions = await this.versions(files);
    let total = 0;
    const served = new Map<string, ServedFile>();
    let frontmatter: SkillFrontmatter | undefined;
    const own = join(path, SKILL_MD);
    for (const [filePath] of files) {
      const known = await this.digest(filePath, versions.get(filePath), this.limits.maxBytes - total, filePath === own);
      total += known.size;
      // A nested skill's SKILL.md is a supporting file here: its frontmatter is not this skill's.
      if (filePath === own && known.frontmatter !== undefined) {
        if (typeof known.frontmatter === 'string') throw new NotServed(known.frontmatter);
        frontmatter = known.frontmatter;
      }
      served.set(filePath, { path: filePath, uri: uriOf(filePath), size: known.size, digest: known.digest });
    }
    if (!frontmatter) throw new NotServed('its SKILL.md has no frontmatter');
    // spec: extensions skills.mdx "Resource Mapping" — the last path segment is the skill's name.
    if (frontmatter.name !== name)
      throw new NotServed(`its frontmatter names it ${JSON.stringify(frontmatter.name)}, not ${JSON.stringify(name)} as its directory`);
    if (!isSkillName(name))
      throw new NotServed(`${JSON.stringify(name)} breaks the Agent Skills naming rules (1-64 lowercase letters, digits, single hyphens)`);
    const resources = [...served.values()].map(({ uri, digest, size }) => ({ uri, digest, size }));
    return { path, entry: { uri: uriOf(join(path, SKILL_MD)), frontmatter, resources }, files: served };
  }

  /**
   * Every file below the skill directory (hidden ones excepted), `SKILL.md` first. Stops as soon as
   * the skill is over the file limit (or holds more directories than a listing visits): a skill of
   * 100,000 files costs the listing of the directories seen until then, not a look at every file.
   */
  private async walk(root: string, top: readonly SkillSourceEntry[]): Promise<Map<string, SkillSourceEntry>> {
    const files = new Map<string, SkillSourceEntry>();
    const skillMd = top.find((e) => e.kind === 'file' && e.name === SKILL_MD);
    if (skillMd) files.set(join(root, SKILL_MD), skillMd);
    // Breadth first; a directory is listed when its turn comes, so the walk stops at the limit.
    const pending: Array<{ dir: string; entries?: readonly SkillSourceEntry[]; depth: number }> = [{ dir: root, entries: top, depth: 0 }];
    let directories = 0;
    while (pending.length > 0) {
      const { dir, depth, entries: listed } = pending.shift()!;
      const entries = listed ?? (await this.source.list(dir)) ?? [];
      for (const e of [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        if (!isServedName(e.name)) continue;
        const path = join(dir, e.name);
        if (e.kind === 'file') {
          files.set(path, e);
          if (files.size > this.limits.maxFiles) throw new NotServed(`it has more than ${this.limits.maxFiles} files (skills.mdx "Limits")`);
        } else if (depth < MAX_DEPTH) {
          if (++directories > MAX_DIRECTORIES) throw new NotServed(`it has more than ${MAX_DIRECTORIES} directories`);
          pending.push({ dir: path, depth: depth + 1 });
        }
      }
    }
    return files;
  }

  /** The version token of each file: from its entry, else from the source, a few at a time. */
  private async versions(files: ReadonlyMap<string, SkillSourceEntry>): Promise<Map<string, string | undefined>> {
    const out = new Map<string, string | undefined>();
    const asking: string[] = [];
    for (const [path, entry] of files) {
      if (entry.version !== undefined || !this.source.version) out.set(path, entry.version);
      else asking.push(path);
    }
    for (let i = 0; i < asking.length; i += VERSION_CONCURRENCY) {
      const batch = asking.slice(i, i + VERSION_CONCURRENCY);
      const found = await Promise.all(batch.map((path) => this.source.version!(path)));
      batch.forEach((path, j) => out.set(path, found[j]));
    }
    return out;
  }

  private async digest(path: string, version: string | undefined, budget: number, isSkillMd: boolean): Promise<Digested> {
    const cached = version === undefined ? undefined : this.cache.get(path);
    if (cached && cached.version === version && (!isSkillMd || cached.frontmatter !== undefined || cached.digest === undefined)) {
      // A file known to be over the budget is refused without reading it again (until it changes).
      if (cached.size > budget) throw this.tooLarge();
      if (cached.digest !== undefined) return cached as Digested;
    }
    const bytes = await this.source.read(path, Math.max(budget, 0));
    if (bytes === undefined) throw new NotServed(`${uriOf(path)} vanished while the skill was read`);
    if (bytes.length > budget) {
      this.remember(path, version, { version: version ?? '', size: bytes.length });
      throw this.tooLarge();
    }
    let frontmatter: SkillFrontmatter | string | undefined;
    if (isSkillMd) {
      const text = utf8Text(bytes);
      if (text === undefined) frontmatter = 'its SKILL.md is not UTF-8 text';
      else {
        try {
          frontmatter = parseFrontmatter(text);
        } catch (error) {
          if (!(error instanceof FrontmatterError)) throw error;
          frontmatter = error.message;
        }
      }
    }
    const known: Digested = { version: version ?? '', size: bytes.length, digest: await sha256Digest(bytes), frontmatter };
    this.remember(path, version, known);
    return known;
  }

  private remember(path: string, version: string | undefined, known: Cached): void {
    if (version === undefined) return;
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(path, known);
  }

  private tooLarge(): NotServed {
    return new NotServed(`its files add up to more than ${this.limits.maxBytes} bytes (skills.mdx "Limits")`);
  }
}
