/**
 * `@mcpkit/jsonrpc/encoding`: base64url without padding and strict UTF-8, on web-standard globals
 * only (Node, Deno, Bun, Workers): what opaque tokens (cursors, sealed state, DPoP proofs) are made of.
 */
export { toBase64Url, fromBase64Url, utf8, fromUtf8 } from './internal/base64url.js';
