import { isJsonObject, ResponseError, JsonRpcErrorCode, type JsonObject } from '@mcpkit/jsonrpc';
import type { DisplayMode } from '@mcpkit/apps';

// What a view sends is checked where it arrives, by the documented shapes: the view speaks the
// 2026-01-26 Apps protocol, not a revision of MCP, so its tools/call and resources/read carry no
// protocol _meta (the host's client adds its own when it forwards them).

const DISPLAY_MODES: readonly string[] = ['inline', 'fullscreen', 'pip'];

const invalid = (method: string, why: string): ResponseError => new ResponseError(JsonRpcErrorCode.InvalidParams, `Invalid params for ${method}: ${why}`);

export function callParams(params: JsonObject | undefined): { name: string; arguments: Record<string, unknown> } {
  const name = params?.name;
  if (typeof name !== 'string' || name.length === 0) throw invalid('tools/call', 'name must be a tool name');
  const args = params?.arguments;
  if (args !== undefined && !isJsonObject(args)) throw invalid('tools/call', 'arguments must be an object');
  return { name, arguments: (args ?? {}) as Record<string, unknown> };
}

export function readParams(params: JsonObject | undefined): { uri: string } {
  const uri = params?.uri;
  if (typeof uri !== 'string' || uri.length === 0) throw invalid('resources/read', 'uri must be a URI');
  return { uri };
}

export function displayModeParams(params: JsonObject | undefined): DisplayMode {
  const mode = params?.mode;
  if (typeof mode !== 'string' || !DISPLAY_MODES.includes(mode)) throw invalid('ui/request-display-mode', 'mode must be "inline", "fullscreen" or "pip"');
  return mode as DisplayMode;
}

export function linkParams(params: JsonObject | undefined): URL {
  const url = params?.url;
  let parsed: URL | undefined;
  try {
    parsed = typeof url === 'string' ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:' && parsed.protocol !== 'mailto:')) {
    throw invalid('ui/open-link', 'url must be an absolute http, https or mailto URL');
  }
  return parsed;
}

export function messageParams(params: JsonObject | undefined): JsonObject {
  const content = params?.content;
  const blocks = Array.isArray(content) ? content : [content];
  if (params?.role !== 'user' || blocks.length === 0 || !blocks.every((block) => isJsonObject(block) && typeof block.type === 'string')) {
    throw invalid('ui/message', 'role must be "user" and content a content block (or a list of them)');
  }
  return params;
}

export function sizeParams(params: JsonObject | undefined): { width?: number; height?: number } | undefined {
  const ok = (value: unknown) => value === undefined || (typeof value === 'number' && Number.isFinite(value) && value >= 0);
  if (!params || !ok(params.width) || !ok(params.height)) return undefined;
  return { ...(params.width !== undefined && { width: params.width as number }), ...(params.height !== undefined && { height: params.height as number }) };
}
