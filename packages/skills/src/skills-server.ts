import type { JsonObject } from '@mcpkit/jsonrpc';
import { validatePaginatedRequestParams, type Resource } from '@mcpkit/schema';
import { SKILLS_EXTENSION_ID, validateGetSkillRequestParams, validateReadResourceDirectoryRequestParams } from '@mcpkit/schema/skills';
import { invalidParams, resourceNotFound, resourceTemplate, type ReadResult, type ResourceTemplateDefinition } from '@mcpkit/server';
import type { ExtensionMethod, ServerExtension } from '@mcpkit/server/extension';
import { SkillCatalog, type ServedSkill, type SkillLimits } from './catalog.js';
import { base64, utf8Text } from './digest.js';
import { DIRECTORY_MIME_TYPE, mimeTypeOf } from './mime.js';
import { baseName, isServedName, join, parentOf, pathOf, SKILL_MD, uriOf } from './paths.js';
import type { SkillSource } from './source.js';

/** Options of `createSkillsServer`. */
export interface SkillsServerOptions {
  /** Where the skills are: `memorySkillSource(...)`, or `directorySkillSource(dir)` of `@mcpkit/skills/node`. */
  source: SkillSource;
  /** Serve `resources/directory/read` and declare `directoryRead: true` (default true). */
  directoryRead?: boolean;
  /** Entries per page of `skills/list`, children per page of `resources/directory/read` (default 100). */
  pageSize?: number;
  /** The caching hints of skill listings, entries and file reads (default 60 s, `public`). */
  cache?: { ttlMs?: number; cacheScope?: 'public' | 'private' };
  /** The per-skill limits (default those of skills.mdx "Limits": 512 files, 16 MiB); a skill over them is not served. */
  limits?: Partial<SkillLimits>;
  /** Told of each directory holding a `SKILL.md` that a listing leaves out, and why (bad frontmatter, over a limit...). */
  onSkipped?: (uri: string, reason: string) => void;
}

const positive = (name: string, value: number): number => {
  if (!Number.isInteger(value) || value <= 0) throw new RangeError(`createSkillsServer: ${name} must be a positive integer, got ${value}`);
  return value;
};

// A cursor is the path of the last item of the previous page (paths are plain ASCII, see paths.ts).
const cursorOf = (after: string): string => btoa(after);
function afterOf(cursor: unknown): string | undefined {
  if (cursor === undefined) return undefined;
  try {
    return atob(cursor as string);
  } catch {
    throw invalidParams(`Invalid cursor ${JSON.stringify(cursor)}`);
  }
}

/**
 * The skills extension (`io.modelcontextprotocol/skills`, SEP-2640) of a server: pass it to
 * `createServer({ extensions })`. Every directory of the source holding a `SKILL.md` is a skill,
 * published at `skill://<path>/SKILL.md` with its frontmatter and the digest and size of each of its
 * files; the files are resources (`skill://<path>/<file>`, read with `resources/read`). It serves
 * `skills/list`, `skills/get` and (by default) `resources/directory/read`. Nothing is read before a
 * request needs it.
 */
export class SkillsServer implements ServerExtension {
  /** `io.modelcontextprotocol/skills`. */
  readonly id = SKILLS_EXTENSION_ID;
  /** `{ directoryRead: true }`, or `{}` with `directoryRead: false`. */
  readonly settings: JsonObject;
  /** `skills/list`, `skills/get` and (with `directoryRead`) `resources/directory/read`. */
  readonly methods: Readonly<Record<string, ExtensionMethod>>;
  /** The `skill://{+path}` template that serves the skills' files to `resources/read`. */
  readonly resourceTemplates: readonly ResourceTemplateDefinition[];
  private readonly catalog: SkillCatalog;
  private readonly source: SkillSource;
  private readonly pageSize: number;
  private readonly hint: { ttlMs: number; cacheScope: 'public' | 'private' };
  private readonly limits: SkillLimits;

  /** @internal Made one way: `createSkillsServer(options)`. */
  constructor(private readonly options: SkillsServerOptions) {
    if (typeof options?.source?.list !== 'function' || typeof options.source.read !== 'function') {
      throw new TypeError('createSkillsServer needs a source with list and read (memorySkillSource, directorySkillSource)');
    }
    this.source = options.source;
    this.pageSize = positive('pageSize', options.pageSize ?? 100);
    this.limits = {
      maxFiles: positive('limits.maxFiles', options.limits?.maxFiles ?? 512),
      maxBytes: positive('limits.maxBytes', options.limits?.maxBytes ?? 16 * 1024 * 1024),
    };
    const ttlMs = options.cache?.ttlMs ?? 60_000;
    if (!Number.isInteger(ttlMs) || ttlMs < 0) throw new RangeError(`createSkillsServer: cache.ttlMs must be an integer ≥ 0, got ${ttlMs}`);
    this.hint = { ttlMs, cacheScope: options.cache?.cacheScope ?? 'public' };
    this.catalog = new SkillCatalog(this.source, this.limits);
    const directoryRead = options.directoryRead ?? true;
    this.settings = directoryRead ? { directoryRead: true } : {};
    const methods: Record<string, ExtensionMethod> = {
      'skills/list': { validate: validatePaginatedRequestParams, handle: (params) => this.list(params.cursor) },
      'skills/get': { validate: validateGetSkillRequestParams, handle: (params) => this.get(params.uri as string) },
    };
    if (directoryRead) {
      methods['resources/directory/read'] = {
        validate: validateReadResourceDirectoryRequestParams,
        handle: (params) => this.readDirectory(params.uri as string, params.cursor),
      };
    }
    this.methods = methods;
    this.resourceTemplates = [
      resourceTemplate({
        uriTemplate: 'skill://{+path}',
        name: 'skill-files',
        title: 'Skill files',
        description: 'The files of the skills this server publishes (list them with skills/list).',
        read: (uri) => this.readFile(uri),
      }),
    ];
  }

  /** `skills/list`: one page of entries, in path order; a directory that is not a valid skill is left out. */
  private async list(cursor: unknown): Promise<JsonObject> {
    const after = afterOf(cursor);
    const paths = (await this.catalog.skillPaths()).filter((path) => after === undefined || path > after);
    const skills: unknown[] = [];
    let last: string | undefined;
    for (const path of paths) {
      if (skills.length === this.pageSize) break;
      last = path;
      const built = await this.catalog.build(path);
      if (built.ok) skills.push(built.skill.entry);
      else this.options.onSkipped?.(uriOf(join(path, SKILL_MD)), built.reason);
    }
    const more = last !== undefined && paths.indexOf(last) < paths.length - 1;
    return { skills, ...(more && { nextCursor: cursorOf(last!) }), ...this.hint } as JsonObject;
  }

  // spec: extensions skills.mdx "Getting a Skill" — a URI that is not a served skill's SKILL.md is -32602.
  private async get(uri: string): Promise<JsonObject> {
    const path = pathOf(uri);
    const dir = path !== undefined && baseName(path) === SKILL_MD ? parentOf(path) : undefined;
    const built = dir ? await this.catalog.build(dir) : { ok: false as const, reason: 'it is not the URI of a skill://<skill-path>/SKILL.md' };
    if (!built.ok) throw invalidParams(`No skill is served at ${uri}: ${built.reason}`, { uri });
    return { skill: built.skill.entry, ...this.hint } as unknown as JsonObject;
  }

  /** The nearest served skill at or above the directory `dir` (a path), if any. */
  private async owner(dir: string): Promise<ServedSkill | undefined> {
    for (let candidate = dir; candidate !== ''; candidate = parentOf(candidate)) {
      const built = await this.catalog.build(candidate);
      if (built.ok) return built.skill;
    }
    return undefined;
  }

  // spec: extensions skills.mdx "Reading Directories" — direct children only; a file or unknown URI is -32602.
  private async readDirectory(uri: string, cursor: unknown): Promise<JsonObject> {
    const path = pathOf(uri);
    const skill = path === undefined ? undefined : await this.owner(path);
    const entries = skill && path !== undefined ? await this.source.list(path) : undefined;
    if (!skill || path === undefined || !entries) {
      if (skill && path !== undefined && skill.files.has(path)) throw invalidParams(`${uri} is not a directory resource`, { uri });
      throw invalidParams(`No directory resource is served at ${uri}`, { uri });
    }
    const after = afterOf(cursor);
    const children = entries.filter((e) => isServedName(e.name) && (after === undefined || e.name > after)).sort((a, b) => (a.name < b.name ? -1 : 1));
    const page = children.slice(0, this.pageSize);
    const resources = page.map((e): Resource => {
      const child = join(path, e.name);
      if (e.kind === 'directory') return { uri: uriOf(child), name: e.name, mimeType: DIRECTORY_MIME_TYPE };
      const file = skill.files.get(child);
      const isSkillMd = child === join(skill.path, SKILL_MD);
      return {
        uri: uriOf(child),
        name: isSkillMd ? skill.entry.frontmatter.name : e.name,
        ...(isSkillMd && { description: skill.entry.frontmatter.description }),
        mimeType: mimeTypeOf(e.name),
        ...(file && { size: file.size }),
      };
    });
    const more = children.length > page.length;
    return { resources, ...(more && { nextCursor: cursorOf(page.at(-1)!.name) }) } as unknown as JsonObject;
  }

  /** `resources/read` of a skill file: served when a served skill lists it; text when it is UTF-8, else a blob. */
  private async readFile(uri: string): Promise<ReadResult> {
    const path = pathOf(uri);
    if (path === undefined) throw resourceNotFound(uri);
    for (let dir = parentOf(path); dir !== ''; dir = parentOf(dir)) {
      const built = await this.catalog.build(dir);
      if (!built.ok || !built.skill.files.has(path)) continue;
      const bytes = await this.source.read(path, this.limits.maxBytes);
      if (bytes === undefined || bytes.length > this.limits.maxBytes) break;
      const mimeType = baseName(path) === SKILL_MD ? 'text/markdown' : mimeTypeOf(path);
      const text = utf8Text(bytes);
      return { contents: [text === undefined ? { uri, mimeType, blob: base64(bytes) } : { uri, mimeType, text }], ...this.hint };
    }
    if ((await this.source.list(path)) !== undefined && (await this.owner(path))) {
      throw invalidParams(`${uri} is a directory resource: list it with resources/directory/read`, { uri });
    }
    throw resourceNotFound(uri);
  }
}

/**
 * The skills extension for a server.
 *
 * @example
 * const skills = createSkillsServer({ source: memorySkillSource({ 'git-workflow/SKILL.md': skillMd }) });
 * const server = createServer({ info, extensions: [skills] });
 */
export function createSkillsServer(options: SkillsServerOptions): SkillsServer {
  return new SkillsServer(options);
}
