import { isJsonObject, type DispatchContext, type JsonObject, type JsonRpcRequest, type JsonRpcResponse } from '@mcpkit/jsonrpc';
import { META_CLIENT_CAPABILITIES } from '@mcpkit/schema/2026-07-28/core';
import type { ResourceDefinition, ToolDefinition } from '@mcpkit/server';
import type { DispatchAround, DispatchNext, ServerExtension } from '@mcpkit/server/extension';
import { UI_EXTENSION_ID } from '../protocol.js';
import { clientRendersViews, viewUriOf } from '../tool-meta.js';
import { rewriteList } from './fallback.js';
import type { ViewDefinition } from './view-resource.js';

/** Options of `createAppsServer`. */
export interface AppsServerOptions {
  /** The `ui://` views (`view(...)`). */
  views: readonly ViewDefinition[];
  /** Tools linked to them (`appTool(...)`, or any tool whose `_meta.ui.resourceUri` names a view). */
  tools: readonly ToolDefinition[];
}

/** One legacy request as `dualEra` shows it to an extension (the part the apps extension reads). */
export interface AppsLegacyCall {
  readonly request: JsonRpcRequest;
  /** The capabilities the session's client declared in `initialize`. */
  readonly clientCapabilities?: JsonObject;
  dispatch(method: string, params: JsonObject, options?: { clientExtensions?: Record<string, JsonObject> }): Promise<JsonRpcResponse | null>;
}

/** The 2025-11-25 side of an apps server, for `dualEra(server, { extensions: [apps.legacy] })`. */
export interface AppsLegacyExtension {
  request(call: AppsLegacyCall): Promise<JsonRpcResponse | null> | undefined;
}

const LISTS = new Set(['tools/list', 'resources/list']);
const ROUTED = new Set(['tools/list', 'tools/call', 'resources/list', 'resources/read', 'resources/templates/list']);

/**
 * MCP Apps (`io.modelcontextprotocol/ui`) on a server: pass it to `createServer` as an extension
 * (it serves the views as resources), its `tools` with the server's tools, and its `around` hook
 * (the text fallback: clients that did not declare the extension get plain tools, without app-only
 * tools and views). `legacy` serves the same to 2025-11-25 sessions under `dualEra`.
 */
export class AppsServer implements ServerExtension {
  /** `io.modelcontextprotocol/ui`. */
  readonly id = UI_EXTENSION_ID;
  /** `{}`: the extension defines no server settings. */
  readonly settings: JsonObject = {};
  /** The views, as resources. */
  readonly resources: readonly ResourceDefinition[];
  /** The tools, to register with `createServer({ tools })`. */
  readonly tools: readonly ToolDefinition[];
  /** The views by URI. */
  readonly views: ReadonlyMap<string, ViewDefinition>;
  private readonly hidden: ReadonlySet<string>;

  /** @internal Made one way: `createAppsServer(options)`. */
  constructor(options: AppsServerOptions) {
    if (!Array.isArray(options?.views) || !Array.isArray(options.tools)) throw new TypeError('createAppsServer needs views and tools arrays');
    const views = new Map<string, ViewDefinition>();
    for (const view of options.views) {
      if (view?.kind !== 'view') throw new TypeError('createAppsServer: each of views must be made with view(...)');
      if (views.has(view.uri)) throw new TypeError(`createAppsServer: the view ${view.uri} is given twice`);
      views.set(view.uri, view);
    }
    for (const tool of options.tools) {
      const uri = viewUriOf(tool.descriptor);
      // spec: extensions/apps/2026-01-26/apps.mdx "Resource Discovery" — the linked resource MUST exist on the server.
      if (uri !== undefined && !views.has(uri)) {
        const known = [...views.keys()].join(', ') || 'none';
        throw new TypeError(`createAppsServer: tool "${tool.name}" links the view ${uri}, which no view of this server serves (views: ${known})`);
      }
    }
    this.views = views;
    this.tools = Object.freeze([...options.tools]);
    this.resources = Object.freeze([...views.values()].map((view) => view.resource));
    this.hidden = new Set([...views.values()].filter((view) => !view.listed).map((view) => view.uri));
  }

  /** The `createServer({ around })` hook of the text fallback; call `next` of another hook through it to chain both. */
  readonly around: DispatchAround = async (request: JsonRpcRequest, context: DispatchContext, next: DispatchNext) => {
    if (!LISTS.has(request.method)) return next(request, context);
    const meta = request.params?._meta;
    const plain = !clientRendersViews(isJsonObject(meta) ? meta[META_CLIENT_CAPABILITIES] : undefined);
    const response = await next(request, context);
    return response === null ? null : rewriteList(request.method, response, plain, this.hidden);
  };

  /**
   * The 2025-11-25 side (`dualEra(server, { extensions: [apps.legacy] })`): a session whose client
   * declared the extension in `initialize` (`capabilities.extensions["io.modelcontextprotocol/ui"]`)
   * has it declared on each of its tool and resource requests.
   */
  readonly legacy: AppsLegacyExtension = {
    request: (call) => {
      const extensions = call.clientCapabilities?.extensions;
      const declared = isJsonObject(extensions) ? extensions[UI_EXTENSION_ID] : undefined;
      if (!isJsonObject(declared) || !ROUTED.has(call.request.method)) return undefined;
      return call.dispatch(call.request.method, call.request.params ?? {}, { clientExtensions: { [UI_EXTENSION_ID]: declared } });
    },
  };
}

/**
 * MCP Apps for a server.
 *
 * @example
 * const apps = createAppsServer({ views: [clock], tools: [showClock] });
 * const server = createServer({ info, tools: [...apps.tools], extensions: [apps], around: apps.around });
 */
export function createAppsServer(options: AppsServerOptions): AppsServer {
  return new AppsServer(options);
}
