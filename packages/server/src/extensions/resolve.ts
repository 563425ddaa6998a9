import type { JsonObject } from '@mcpkit/jsonrpc';
import type { ResourceDefinition, ResourceTemplateDefinition } from '../definitions/resource.js';
import type { ExtensionListen, ExtensionMethod, ServerExtension } from './extension.js';

/** An extension method with the extension it belongs to. */
export interface OwnedMethod {
  readonly extension: string;
  readonly method: ExtensionMethod;
}

/** An extension's listen filter member with the extension it belongs to. */
export interface OwnedListen extends ExtensionListen {
  readonly extension: string;
}

/** The extensions of a server, checked and indexed once by `createServer`. */
export interface ResolvedExtensions {
  readonly list: readonly ServerExtension[];
  /** `capabilities.extensions` entries, by identifier. */
  readonly settings: Readonly<Record<string, JsonObject>>;
  readonly methods: ReadonlyMap<string, OwnedMethod>;
  readonly listen: readonly OwnedListen[];
  /** Extra `resultType` values allowed per method. */
  readonly resultTypes: ReadonlyMap<string, ReadonlySet<string>>;
  readonly resources: readonly ResourceDefinition[];
  readonly resourceTemplates: readonly ResourceTemplateDefinition[];
}

// basic/versioning.mdx "Extensions": an identifier carries a vendor prefix and a name.
const EXTENSION_ID = /^[A-Za-z0-9][A-Za-z0-9.-]*\/[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const CORE_LISTEN_KEYS = new Set(['toolsListChanged', 'promptsListChanged', 'resourcesListChanged', 'resourceSubscriptions']);

/**
 * Checks and indexes `extensions`: identifiers well formed and unique, methods and listen members
 * that clash with the core (`reserved`) or with each other refused. Throws a `TypeError` naming the problem.
 */
export function resolveExtensions(extensions: readonly ServerExtension[] | undefined, reserved: ReadonlySet<string>): ResolvedExtensions {
  const list = extensions ?? [];
  const settings: Record<string, JsonObject> = {};
  const methods = new Map<string, OwnedMethod>();
  const listen: OwnedListen[] = [];
  const resultTypes = new Map<string, Set<string>>();
  const resources: ResourceDefinition[] = [];
  const resourceTemplates: ResourceTemplateDefinition[] = [];
  for (const extension of list) {
    const id = extension?.id;
    if (typeof id !== 'string' || !EXTENSION_ID.test(id)) {
      throw new TypeError(`Extension id ${JSON.stringify(id)} must be "<vendor prefix>/<name>", e.g. "io.modelcontextprotocol/tasks" (basic/versioning.mdx)`);
    }
    if (id in settings) throw new TypeError(`Extension ${id} is registered twice`);
    settings[id] = extension.settings ?? {};
    for (const [name, method] of Object.entries(extension.methods ?? {})) {
      if (reserved.has(name)) throw new TypeError(`Extension ${id} cannot serve ${name}: it is a core method`);
      const other = methods.get(name);
      if (other) throw new TypeError(`Extensions ${other.extension} and ${id} both serve ${name}`);
      if (typeof method?.handle !== 'function' || typeof method.validate !== 'function') {
        throw new TypeError(`Extension ${id}: method ${name} needs validate and handle functions`);
      }
      methods.set(name, { extension: id, method });
    }
    if (extension.listen) {
      const key = extension.listen.filterKey;
      if (CORE_LISTEN_KEYS.has(key) || listen.some((l) => l.filterKey === key)) {
        throw new TypeError(`Extension ${id}: the listen filter member ${JSON.stringify(key)} is already taken`);
      }
      listen.push({ ...extension.listen, extension: id, grant: extension.listen.grant.bind(extension.listen) });
    }
    for (const [method, types] of Object.entries(extension.resultTypes ?? {})) {
      for (const type of types) {
        if (type === 'complete' || type === 'input_required') throw new TypeError(`Extension ${id}: resultType "${type}" belongs to the core`);
        let set = resultTypes.get(method);
        if (!set) resultTypes.set(method, (set = new Set()));
        set.add(type);
      }
    }
    resources.push(...(extension.resources ?? []));
    resourceTemplates.push(...(extension.resourceTemplates ?? []));
  }
  return Object.freeze({ list, settings: Object.freeze(settings), methods, listen, resultTypes, resources, resourceTemplates });
}

/** A server without extensions. */
export const NO_EXTENSIONS: ResolvedExtensions = resolveExtensions([], new Set());
