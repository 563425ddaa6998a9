// @mcpkit/legacy: dualEra(server) over HTTP, and the dual-era connect() as a 2025-11-25 client.
import { check, echoServer } from './_shared.mjs';

export default async function (load) {
  const { dualEra, connect } = await load('@mcpkit/legacy');
  const { serveHttp } = await load('@mcpkit/http/node');
  const dual = dualEra(await echoServer(load));
  const { url, close } = await serveHttp(dual.httpHandler(), { port: 0 });
  const client = await connect(url, { era: 'legacy', eraCache: false, clientInfo: { name: 'rehearsal', version: '1.0.0' } });
  try {
    check(client.era === 'legacy', `connected as ${client.era}`);
    const { content } = await client.callTool({ name: 'echo', arguments: { text: 'legacy' } });
    check(content[0].text === 'legacy', `callTool: ${JSON.stringify(content)}`);
  } finally {
    await client.close();
    await close();
  }
  return `connect() opened a ${'2025-11-25'} session on dualEra(server) over HTTP and called echo`;
}
