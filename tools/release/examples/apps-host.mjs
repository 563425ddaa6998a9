// @mcpkit/apps-host: a ModernClient declaring the extension over HTTP splits the model's tools from the
// view's and reads the view.
import { check } from './_shared.mjs';
import { VIEW_HTML, VIEW_URI, appsDemoServer } from './_apps.mjs';

export default async function (load) {
  const { appsExtension, listAppTools, readView } = await load('@mcpkit/apps-host');
  const { ModernClient } = await load('@mcpkit/client');
  const { createHttpHandler, HttpClientTransport } = await load('@mcpkit/http');
  const { serveHttp } = await load('@mcpkit/http/node');
  const { url, close } = await serveHttp(createHttpHandler(await appsDemoServer(load)), { port: 0 });
  const client = new ModernClient(new HttpClientTransport(url), { extensions: [appsExtension()] });
  try {
    const { model, app, withViews } = await listAppTools(client);
    const names = (tools) =>
      tools
        .map((t) => t.name)
        .sort()
        .join(',');
    check(
      names(model) === 'show_counter' && names(app) === 'counter_add,show_counter' && names(withViews) === 'show_counter',
      `listAppTools: model ${names(model)}, app ${names(app)}, withViews ${names(withViews)}`,
    );
    const view = await readView(client, VIEW_URI);
    check(view.html === VIEW_HTML, `readView: ${JSON.stringify(view).slice(0, 300)}`);
  } finally {
    await client.close();
    await close();
  }
  return `listAppTools split model/app tools over HTTP; readView read ${VIEW_URI}`;
}
