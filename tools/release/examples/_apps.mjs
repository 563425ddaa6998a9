// What the two Apps examples share: a server (built from the consumer's own @mcpkit/server and
// @mcpkit/apps/server) with one view and two app tools, one of them for the view only.
export const VIEW_URI = 'ui://counter/view';
export const VIEW_HTML = '<!doctype html><html><body><p id="n">0</p></body></html>';

export async function appsDemoServer(load) {
  const { createServer } = await load('@mcpkit/server');
  const { createAppsServer, appTool, view } = await load('@mcpkit/apps/server');
  const apps = createAppsServer({
    views: [view({ uri: VIEW_URI, name: 'counter', html: VIEW_HTML, prefersBorder: true })],
    tools: [
      appTool({ name: 'show_counter', description: 'Shows a counter', view: VIEW_URI, handler: () => ({ content: [{ type: 'text', text: 'counter at 0' }] }) }),
      appTool({ name: 'counter_add', visibility: ['app'], handler: () => ({ content: [{ type: 'text', text: '1' }] }) }),
    ],
  });
  return createServer({ info: { name: 'counter', version: '1.0.0' }, tools: [...apps.tools], extensions: [apps], around: apps.around });
}
