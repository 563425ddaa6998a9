// @mcpkit/server: the README's echo tool, dispatched as a client's tools/call would be.
import { META, check, echoServer } from './_shared.mjs';

export default async function (load) {
  const server = await echoServer(load);
  const listed = await server.dispatch({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: META } });
  check(listed.result?.tools?.[0]?.name === 'echo', `tools/list: ${JSON.stringify(listed)}`);
  const called = await server.dispatch({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' }, _meta: META } });
  check(called.result?.content?.[0]?.text === 'hi', `tools/call: ${JSON.stringify(called)}`);
  return 'createServer + tool: dispatch answered tools/list and tools/call (echo "hi")';
}
