// @mcpkit/client: a ModernClient calling a server over HTTP.
import { check, echoServer } from './_shared.mjs';

export default async function (load) {
  const { ModernClient, RemoteError } = await load('@mcpkit/client');
  const { createHttpHandler, HttpClientTransport } = await load('@mcpkit/http');
  const { serveHttp } = await load('@mcpkit/http/node');
  const { url, close } = await serveHttp(createHttpHandler(await echoServer(load)), { port: 0 });
  const client = new ModernClient(new HttpClientTransport(url), { clientInfo: { name: 'my-host', version: '1.0.0' } });
  try {
    const { content } = await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
    check(content[0].text === 'hi', `callTool: ${JSON.stringify(content)}`);
    const error = await client.request('com.example/none', {}).then(
      () => undefined,
      (e) => e,
    );
    check(error instanceof RemoteError, `an unknown method should fail with RemoteError, got ${error}`);
  } finally {
    await client.close();
    await close();
  }
  return 'ModernClient.callTool over HttpClientTransport answered "hi"; an unknown method failed with RemoteError';
}
