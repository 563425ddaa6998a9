// Valid 2026-07-28 requests and the correctness checks every benchmark applies to what comes back.
// spec: 2026-07-28 — DIGEST §1.1 (_meta on every request), §8 (stdio framing), §9.2 (HTTP headers).

export const PROTOCOL_VERSION = '2026-07-28';

/** The `_meta` every modern request carries: version and capabilities are required, clientInfo is recommended. */
export const REQUEST_META = Object.freeze({
  'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'mcpkit-bench', version: '0.0.0' },
});

/** A `tools/call` request object for the `echo` tool. */
export function echoCall(id, text) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'echo', arguments: { text }, _meta: REQUEST_META },
  };
}

/** A `tools/call` of any tool. */
export function toolCall(id, name, args) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, _meta: REQUEST_META } };
}

/** A `tools/list` request (params is required in 2026-07-28 because `_meta` is). */
export function toolsList(id) {
  return { jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: REQUEST_META } };
}

/** The HTTP headers a modern `tools/call` POST must carry (§9.1, §9.2). */
export function httpHeadersFor(request) {
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': PROTOCOL_VERSION,
    'mcp-method': request.method,
  };
  if (request.method === 'tools/call' || request.method === 'prompts/get') headers['mcp-name'] = request.params.name;
  if (request.method === 'resources/read') headers['mcp-name'] = request.params.uri;
  return headers;
}

/**
 * Extracts the single JSON-RPC response from an HTTP body, JSON or SSE (§9.1: clients must handle both).
 * Returns undefined when the body holds no parseable response.
 */
export function responseFromHttpBody(body) {
  const text = typeof body === 'string' ? body : String(body);
  const start = text.trimStart();
  if (start.startsWith('{')) {
    try {
      return JSON.parse(start);
    } catch {
      return undefined;
    }
  }
  // SSE: the last `data:` event that is a response (has an id and result or error).
  let found;
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).replace(/^ /, ''))
      .join('\n');
    if (!data) continue;
    try {
      const msg = JSON.parse(data);
      if (msg && 'id' in msg && ('result' in msg || 'error' in msg)) found = msg;
    } catch {
      /* a broken event is simply not the response */
    }
  }
  return found;
}

/** True when `result` is a CallToolResult whose first block is the text `text` (and not an error result). */
export function isEchoResult(result, text) {
  return result != null && result.isError !== true && Array.isArray(result.content) && result.content[0]?.type === 'text' && result.content[0].text === text;
}

/** True when `response` is the JSON-RPC success for `id` echoing `text`. */
export function isEchoResponse(response, id, text) {
  return response != null && response.id === id && isEchoResult(response.result, text);
}
