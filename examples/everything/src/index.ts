/**
 * The everything example: a 2026-07-28 server exposing every feature of `@mcpkit/server`, served
 * over stdio (`stdio.mjs`, the `mcpkit-everything` bin) and Streamable HTTP (`serveEverythingHttp`).
 */
export { createEverythingServer, type EverythingOptions } from './server.js';
export { everythingApps } from './apps.js';
export { serveEverythingHttp, type EverythingHttpOptions, type EverythingHttpServer } from './http.js';
