import type { JsonObject } from '@mcpkit/jsonrpc';
import { validatePaginatedRequestParams } from '@mcpkit/schema/2026-07-28/validators/requests';
import type { ListName, MethodHandler, ServerCore } from '../dispatch/core.js';
import type { RequestContext } from '../dispatch/request-context.js';
import { paginate } from '../pagination/cursor.js';
import type { ItemList, Registry } from '../registry/registry.js';
import { complete } from './results.js';
import { visibleTo } from './scopes.js';

interface Listable {
  readonly descriptor: unknown;
  readonly scopes: readonly string[] | undefined;
}

/**
 * A paginated, cacheable list method (server/utilities/pagination.mdx, caching.mdx): items in
 * registration order, filtered by the caller's scopes, with `nextCursor`, `ttlMs` and `cacheScope`.
 * A list with scoped items varies by caller, so its `cacheScope` is always `private`.
 */
function listMethod<T extends Listable>(
  name: ListName,
  field: string,
  capability: 'tools' | 'prompts' | 'resources',
  list: (registry: Registry) => ItemList<T>,
  key: (item: T) => string,
): MethodHandler {
  return {
    validate: validatePaginatedRequestParams,
    enabled: (core, registry) => core.capabilities(registry)[capability] !== undefined,
    handle(params: JsonObject, call: RequestContext, core: ServerCore, registry: Registry) {
      const items = list(registry);
      const page = paginate(name, items, key, params.cursor as string | undefined, core.pageSize[name], visibleTo<T>(call.principal, items.scoped));
      const { ttlMs, cacheScope } = core.cache[name];
      const body: JsonObject = { [field]: page.items.map((item) => item.descriptor) };
      if (page.nextCursor !== undefined) body.nextCursor = page.nextCursor;
      body.ttlMs = ttlMs;
      body.cacheScope = items.scoped ? 'private' : cacheScope;
      return complete(core, body);
    },
  };
}

/** `tools/list` (server/tools.mdx "Listing Tools"). */
export const listTools = listMethod(
  'tools',
  'tools',
  'tools',
  (r) => r.tools,
  (t) => t.name,
);
/** `prompts/list` (server/prompts.mdx "Listing Prompts"). */
export const listPrompts = listMethod(
  'prompts',
  'prompts',
  'prompts',
  (r) => r.prompts,
  (p) => p.name,
);
/** `resources/list` (server/resources.mdx "Listing Resources"): direct resources only. */
export const listResources = listMethod(
  'resources',
  'resources',
  'resources',
  (r) => r.resources,
  (r) => r.uri,
);
/** `resources/templates/list` (server/resources.mdx "Resource Templates"). */
export const listResourceTemplates = listMethod(
  'resourceTemplates',
  'resourceTemplates',
  'resources',
  (r) => r.templates,
  (t) => t.uriTemplate,
);
