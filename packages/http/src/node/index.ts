/**
 * @mcpkit/http/node: the `node:http` adapter. Kept apart from the main entry so that bundles for
 * Workers, Deno or Bun never pull in `node:` modules.
 */
export { serveHttp, handleNodeRequest, type HttpServer, type HttpServerOptions } from './serve.js';
export { requestHeaders, requestUrl, toWebRequest, writeWebResponse } from './web-bridge.js';
