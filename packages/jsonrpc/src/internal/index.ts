/**
 * `@mcpkit/jsonrpc/internal`: small web-standard helpers the other mcpkit packages share. Outside
 * semver: any release may change or remove them. Not for applications.
 */
export { toBase64Url, fromBase64Url, utf8, fromUtf8 } from './base64url.js';
