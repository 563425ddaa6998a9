// @mcpkit/auth: the README's client side: a loopback redirect, and withOAuth(fetch) in front of a
// transport; against a server that asks for no token, the wrapped fetch passes the exchange through.
import { check, echoServer } from './_shared.mjs';

export default async function (load) {
  const { withOAuth } = await load('@mcpkit/auth/client');
  const { startLoopbackRedirect } = await load('@mcpkit/auth/node');
  const { ModernClient } = await load('@mcpkit/client');
  const { createHttpHandler, HttpClientTransport } = await load('@mcpkit/http');
  const { serveHttp } = await load('@mcpkit/http/node');
  const { url, close } = await serveHttp(createHttpHandler(await echoServer(load)), { port: 0 });
  const redirect = await startLoopbackRedirect({ onAuthorizationUrl: () => {} });
  check(/^http:\/\/127\.0\.0\.1:\d+\//.test(redirect.redirectUri), `redirectUri ${redirect.redirectUri}`);
  const authed = withOAuth(fetch, { serverUrl: url, redirect, clientMetadata: { clientName: 'My CLI' } });
  const client = new ModernClient(new HttpClientTransport(url, { fetch: authed }));
  try {
    const { content } = await client.callTool({ name: 'echo', arguments: { text: 'authed' } });
    check(content[0].text === 'authed', `callTool: ${JSON.stringify(content)}`);
  } finally {
    await client.close();
    await redirect.close();
    await close();
  }
  return `startLoopbackRedirect (${redirect.redirectUri}) and withOAuth(fetch) under HttpClientTransport: echo answered`;
}
