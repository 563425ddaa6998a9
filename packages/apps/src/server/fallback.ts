import { isJsonObject, type JsonObject, type JsonRpcResponse } from '@mcpkit/jsonrpc';
import { UI_MIME_TYPE } from '../protocol.js';
import { isModelVisible } from '../tool-meta.js';

// spec: extensions/apps/2026-01-26/apps.mdx "Resource Discovery", "Graceful Degradation" — a client that
// did not declare the extension gets plain tools: no `_meta.ui`, and no tool only a view could call.
function plainTool(tool: JsonObject): JsonObject | undefined {
  if (!isModelVisible(tool)) return undefined;
  if (!isJsonObject(tool._meta) || (!('ui' in tool._meta) && !('ui/resourceUri' in tool._meta))) return tool;
  const { ui: _ui, 'ui/resourceUri': _flat, ...meta } = tool._meta;
  const { _meta: _old, ...rest } = tool;
  return Object.keys(meta).length > 0 ? { ...rest, _meta: meta } : rest;
}

const isView = (resource: JsonObject): boolean => typeof resource.uri === 'string' && resource.uri.startsWith('ui://') && resource.mimeType === UI_MIME_TYPE;

/**
 * Rewrites a `tools/list` or `resources/list` answer: `hidden` URIs never listed; for a client that
 * renders no views (`plain`), tools lose their UI metadata, app-only tools and views are left out.
 */
export function rewriteList(method: string, response: JsonRpcResponse, plain: boolean, hidden: ReadonlySet<string>): JsonRpcResponse {
  if (!('result' in response) || !isJsonObject(response.result)) return response;
  const result = response.result;
  if (method === 'tools/list' && plain && Array.isArray(result.tools)) {
    const tools = (result.tools as JsonObject[]).map(plainTool).filter((tool): tool is JsonObject => tool !== undefined);
    return { ...response, result: { ...result, tools } };
  }
  if (method === 'resources/list' && Array.isArray(result.resources)) {
    const resources = (result.resources as JsonObject[]).filter((r) => !hidden.has(r.uri as string) && !(plain && isView(r)));
    return { ...response, result: { ...result, resources } };
  }
  return response;
}
