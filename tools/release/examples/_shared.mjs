// What several examples share: the modern request `_meta`, a JSON-RPC request over HTTP as a client
// sends it, and a server with one tool (built from the consumer's own @mcpkit/server).
export const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** The HTTP request a modern client sends for `method` (headers as the transport spec asks). */
export function mcpRequest(url, method, params = {}, id = 1) {
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
  };
  if (method === 'tools/call') headers['mcp-name'] = params.name;
  return new Request(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: META } }) });
}

/** The JSON-RPC message of a response (a JSON body, or the first `data:` line of an SSE one). */
export async function rpcBody(response) {
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
  const json = (response.headers.get('content-type') ?? '').includes('text/event-stream')
    ? text
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
        .find((l) => l.includes('"id"'))
    : text;
  return JSON.parse(json);
}

/** A server with an `echo` tool. */
export async function echoServer(load) {
  const { createServer, tool } = await load('@mcpkit/server');
  const echo = tool({
    name: 'echo',
    description: 'Returns its text argument.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    handler: ({ text }) => ({ content: [{ type: 'text', text: String(text) }] }),
  });
  return createServer({ info: { name: 'demo', version: '1.0.0' }, tools: [echo] });
}

/** Fails with `message` unless `condition`. */
export function check(condition, message) {
  if (!condition) throw new Error(message);
}
