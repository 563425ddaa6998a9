// Copied by tools/codegen from schema/extensions/skills/skills.ts. Edit the source, then run `pnpm codegen`.
/**
 * The skills extension (`io.modelcontextprotocol/skills`, SEP-2640) on MCP 2026-07-28: a server
 * publishes Agent Skills (directories of files, each with a `SKILL.md`) as resources, lists them
 * with `skills/list`, describes one with `skills/get`, and may list a directory's children with
 * `resources/directory/read`.
 *
 * Source: repository `modelcontextprotocol/ext-skills`, `specification/stable/skills.mdx`. Skill
 * files are read with the core `resources/read`; an entry's digests and sizes let the host verify
 * every file it reads. Directory URIs have no trailing slash; a directory resource has the MIME type
 * `inode/directory`.
 */

import type { CacheableResult, RequestParams } from '../../../2026-07-28/types/base.js';
import type { JSONRPCRequest } from '../../../2026-07-28/types/jsonrpc.js';
import type { PaginatedRequest, PaginatedRequestParams, PaginatedResult } from '../../../2026-07-28/types/pagination.js';
import type { Resource } from '../../../2026-07-28/types/resources.js';

/**
 * One file of a skill, with the digest and size of its raw bytes.
 */
export interface SkillResource {
  /**
   * The file's resource URI (the skill's `SKILL.md` or a file below the skill's directory).
   * @format uri
   */
  uri: string;
  /**
   * SHA-256 of the file's raw bytes: `sha256:` and 64 lowercase hexadecimal digits.
   * @pattern ^sha256:[0-9a-f]{64}$
   */
  digest: string;
  /**
   * Length of the file's raw bytes (the ones the digest covers).
   * @minimum 0
   */
  size: number;
}

/**
 * The `SKILL.md` frontmatter as a JSON object, exactly as written: `name` and `description` are
 * always there, every other field the author wrote passes through.
 */
export interface SkillFrontmatter {
  /** The skill's name; it equals the last segment of the skill's path. */
  name: string;
  /** What the skill is for. */
  description: string;
  [key: string]: unknown;
}

/**
 * The entry of one skill, the same in `skills/list` and `skills/get`.
 */
export interface Skill {
  /**
   * URI of the skill's `SKILL.md`, readable with `resources/read`.
   * @format uri
   */
  uri: string;
  /** The `SKILL.md` frontmatter, verbatim. */
  frontmatter: SkillFrontmatter;
  /**
   * Every file of the skill, `SKILL.md` included, each once; or `"dynamic"` when the content is
   * generated and no stable digests exist.
   */
  resources: SkillResource[] | 'dynamic';
}

/**
 * Asks for (one page of) the skills the server publishes. A listing may be partial.
 * @mcpResult ListSkillsResult
 */
export interface ListSkillsRequest extends PaginatedRequest {
  /** Always `"skills/list"`. */
  method: 'skills/list';
}

/**
 * One page of skill entries, with caching hints. An entry is never split across pages.
 */
export interface ListSkillsResult extends PaginatedResult, CacheableResult {
  /** The entries on this page. */
  skills: Skill[];
}

/**
 * Parameters of `skills/get`.
 */
export interface GetSkillRequestParams extends RequestParams {
  /**
   * URI of the skill's `SKILL.md`.
   * @format uri
   */
  uri: string;
}

/**
 * Asks for the entry of one skill by the URI of its `SKILL.md` (listed or not); an unknown skill is -32602.
 * @mcpResult GetSkillResult
 */
export interface GetSkillRequest extends JSONRPCRequest {
  /** Always `"skills/get"`. */
  method: 'skills/get';
  /** Which skill. */
  params: GetSkillRequestParams;
}

/**
 * The entry of one skill, with caching hints and no cursor.
 */
export interface GetSkillResult extends CacheableResult {
  /** The entry, as `skills/list` would show it. */
  skill: Skill;
}

/**
 * Parameters of `resources/directory/read`.
 */
export interface ReadResourceDirectoryRequestParams extends PaginatedRequestParams {
  /**
   * URI of the directory resource (no trailing slash).
   * @format uri
   */
  uri: string;
}

/**
 * Asks for (one page of) the direct children of a directory resource; a URI that is not a
 * directory is -32602. Offered only by a server that declares `directoryRead: true`.
 * @mcpResult ReadResourceDirectoryResult
 */
export interface ReadResourceDirectoryRequest extends JSONRPCRequest {
  /** Always `"resources/directory/read"`. */
  method: 'resources/directory/read';
  /** The directory, and where to continue. */
  params: ReadResourceDirectoryRequestParams;
}

/**
 * One page of a directory's direct children: files with their resource metadata, subdirectories
 * as resources of MIME type `inode/directory`.
 */
export interface ReadResourceDirectoryResult extends PaginatedResult {
  /** The children on this page. */
  resources: Resource[];
}

/**
 * The settings of the extension in `capabilities.extensions`; `{}` declares support without options.
 */
export interface SkillsExtensionCapability {
  /** The server implements `resources/directory/read` (default false). */
  directoryRead?: boolean;
}

/**
 * Every request the extension lets a client send.
 */
export type SkillsClientRequest = ListSkillsRequest | GetSkillRequest | ReadResourceDirectoryRequest;
