// @mcpkit/schema: the precompiled validators of the wire types.
import { META, check } from './_shared.mjs';

export default async function (load) {
  const { validateCallToolRequest } = await load('@mcpkit/schema');
  const good = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' }, _meta: META } };
  check(validateCallToolRequest(good) === true, 'a valid CallToolRequest was refused');
  check(validateCallToolRequest({ ...good, params: { ...good.params, name: 42 } }) === false, 'an invalid CallToolRequest passed');
  return 'validateCallToolRequest accepts a valid request and refuses a bad one';
}
