// @mcpkit/express: the README's app (without the auth middleware), listening on 127.0.0.1.
import { check, echoServer, mcpRequest, rpcBody } from './_shared.mjs';

export default async function (load) {
  const express = (m) => m.default ?? m;
  const app = express(await load('express'))();
  const { createHttpHandler } = await load('@mcpkit/http');
  const { mcpExpress } = await load('@mcpkit/express');
  app.use(express(await load('express')).json());
  app.all('/mcp', mcpExpress(createHttpHandler(await echoServer(load))));
  const listener = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  try {
    const url = `http://127.0.0.1:${listener.address().port}/mcp`;
    const body = await rpcBody(await fetch(mcpRequest(url, 'tools/call', { name: 'echo', arguments: { text: 'via express' } })));
    check(body.result?.content?.[0]?.text === 'via express', `express: ${JSON.stringify(body)}`);
  } finally {
    await new Promise((resolve) => listener.close(resolve));
  }
  return 'express + mcpExpress answered tools/call';
}
