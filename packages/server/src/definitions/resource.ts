import type { Annotations, BlobResourceContents, Icon, Resource, ResourceTemplate, TextResourceContents } from '@mcpkit/schema';
import { formatErrors } from '@mcpkit/schema/2026-07-28/core';
import { validateResource, validateResourceTemplate } from '@mcpkit/schema/2026-07-28/validators/primitives';
import type { RequestContext } from '../dispatch/request-context.js';
import type { InputRequired } from '../mrtr/input-required.js';
import { checkCompleters, type Completers } from './completion.js';
import { compileTemplate, type UriTemplate } from './uri-template.js';

/** Caching hints of a `resources/read` answer (server/utilities/caching.mdx). */
export interface CacheHint {
  /** How long the client may consider the result fresh, in ms (≥ 0). */
  ttlMs?: number;
  /** `public`: shareable across callers; `private`: only for the same authorization context. */
  cacheScope?: 'public' | 'private';
}

/** One item of a read answer; `uri` defaults to the URI read and `mimeType` to the resource's. */
export type ContentsItem = (Omit<TextResourceContents, 'uri'> & { uri?: string }) | (Omit<BlobResourceContents, 'uri'> & { uri?: string });

/** What a read handler returns when it is done: the contents, optionally with cache hints. */
export interface ReadResult extends CacheHint {
  contents: ContentsItem[];
  _meta?: Record<string, unknown>;
}

/** Reads a static resource. */
export type ResourceReader = (uri: string, ctx: RequestContext) => ReadResult | InputRequired | Promise<ReadResult | InputRequired>;

/** Reads a resource matched by a template, with the template's variables. */
export type TemplateReader = (
  uri: string,
  variables: Readonly<Record<string, string | string[]>>,
  ctx: RequestContext,
) => ReadResult | InputRequired | Promise<ReadResult | InputRequired>;

/** How a server author describes a resource. */
export interface ResourceConfig extends CacheHint {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: Annotations;
  icons?: Icon[];
  _meta?: Record<string, unknown>;
  scopes?: readonly string[];
  read: ResourceReader;
}

/** How a server author describes a resource template (RFC 6570 `uriTemplate`). */
export interface ResourceTemplateConfig extends CacheHint {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: Annotations;
  icons?: Icon[];
  _meta?: Record<string, unknown>;
  /** Completers of its variables, for `completion/complete` with `ref/resource`. */
  complete?: Completers;
  scopes?: readonly string[];
  read: TemplateReader;
}

/** A resource ready to register. */
export interface ResourceDefinition {
  readonly kind: 'resource';
  readonly uri: string;
  readonly descriptor: Resource;
  readonly cache: CacheHint;
  readonly scopes: readonly string[] | undefined;
  readonly read: ResourceReader;
}

/** A resource template ready to register. */
export interface ResourceTemplateDefinition {
  readonly kind: 'resource-template';
  readonly uriTemplate: string;
  readonly descriptor: ResourceTemplate;
  readonly template: UriTemplate;
  readonly cache: CacheHint;
  readonly complete: Completers | undefined;
  readonly scopes: readonly string[] | undefined;
  readonly read: TemplateReader;
}

function checkCache(owner: string, hint: CacheHint): CacheHint {
  if (hint.ttlMs !== undefined && !(Number.isInteger(hint.ttlMs) && hint.ttlMs >= 0)) {
    throw new TypeError(`${owner}: ttlMs must be an integer ≥ 0`);
  }
  if (hint.cacheScope !== undefined && hint.cacheScope !== 'public' && hint.cacheScope !== 'private') {
    throw new TypeError(`${owner}: cacheScope must be "public" or "private"`);
  }
  return Object.freeze({ ttlMs: hint.ttlMs, cacheScope: hint.cacheScope });
}

function pick<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) if (from[key] !== undefined) out[key] = from[key];
  return out;
}

/**
 * Defines a resource with a fixed URI. Throws a `TypeError` naming the problem.
 *
 * @example resource({ uri: 'file:///readme.md', name: 'README', mimeType: 'text/markdown', read: () => ({ contents: [{ text: '# Hi' }] }) })
 */
export function resource(config: ResourceConfig): ResourceDefinition {
  const owner = `Resource ${JSON.stringify(config.uri)}`;
  if (typeof config.read !== 'function') throw new TypeError(`${owner}: read must be a function`);
  const descriptor = pick(config, ['uri', 'name', 'title', 'description', 'mimeType', 'size', 'annotations', 'icons', '_meta']) as Resource;
  if (!validateResource(descriptor)) throw new TypeError(`${owner} is not a valid Resource: ${formatErrors(validateResource.errors)}`);
  return Object.freeze({
    kind: 'resource',
    uri: config.uri,
    descriptor: Object.freeze(descriptor),
    cache: checkCache(owner, config),
    scopes: config.scopes ? Object.freeze([...config.scopes]) : undefined,
    read: config.read,
  });
}

/**
 * Defines a resource template; parses its RFC 6570 template once. Throws a `TypeError` naming the problem.
 *
 * @example resourceTemplate({ uriTemplate: 'notes://{id}', name: 'Note', read: (uri, { id }) => ({ contents: [{ text: `note ${id}` }] }) })
 */
export function resourceTemplate(config: ResourceTemplateConfig): ResourceTemplateDefinition {
  const owner = `Resource template ${JSON.stringify(config.uriTemplate)}`;
  if (typeof config.read !== 'function') throw new TypeError(`${owner}: read must be a function`);
  const descriptor = pick(config, ['uriTemplate', 'name', 'title', 'description', 'mimeType', 'annotations', 'icons', '_meta']) as ResourceTemplate;
  if (!validateResourceTemplate(descriptor)) {
    throw new TypeError(`${owner} is not a valid ResourceTemplate: ${formatErrors(validateResourceTemplate.errors)}`);
  }
  const template = compileTemplate(config.uriTemplate);
  return Object.freeze({
    kind: 'resource-template',
    uriTemplate: config.uriTemplate,
    descriptor: Object.freeze(descriptor),
    template,
    cache: checkCache(owner, config),
    complete: checkCompleters(owner, config.complete, template.variables),
    scopes: config.scopes ? Object.freeze([...config.scopes]) : undefined,
    read: config.read,
  });
}
