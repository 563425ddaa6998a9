// @mcpkit/apps: a server with a view; a client declaring the extension sees the view and the app-only
// tool, a client that does not gets the text fallback.
import { META, check } from './_shared.mjs';
import { VIEW_HTML, VIEW_URI, appsDemoServer } from './_apps.mjs';

export default async function (load) {
  const { UI_EXTENSION_ID, UI_MIME_TYPE, viewUriOf } = await load('@mcpkit/apps');
  const server = await appsDemoServer(load);
  const rendering = { ...META, 'io.modelcontextprotocol/clientCapabilities': { extensions: { [UI_EXTENSION_ID]: { mimeTypes: [UI_MIME_TYPE] } } } };
  const list = await server.dispatch({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: rendering } });
  const names = list.result?.tools?.map((t) => t.name) ?? [];
  check(
    names.includes('counter_add') && viewUriOf(list.result.tools.find((t) => t.name === 'show_counter')) === VIEW_URI,
    `tools/list with the extension: ${JSON.stringify(list).slice(0, 400)}`,
  );
  const read = await server.dispatch({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: VIEW_URI, _meta: rendering } });
  const contents = read.result?.contents?.[0];
  check(contents?.mimeType === UI_MIME_TYPE && contents.text === VIEW_HTML, `resources/read: ${JSON.stringify(read).slice(0, 400)}`);
  const plain = await server.dispatch({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: META } });
  const plainNames = plain.result?.tools?.map((t) => t.name) ?? [];
  check(plainNames.includes('show_counter') && !plainNames.includes('counter_add'), `tools/list without the extension: ${JSON.stringify(plain).slice(0, 400)}`);
  return `createAppsServer served ${VIEW_URI} as ${UI_MIME_TYPE}; the app-only tool is hidden from a client without the extension`;
}
