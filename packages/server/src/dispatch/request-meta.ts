import { isJsonObject, ResponseError } from '@mcpkit/jsonrpc';
import type { ClientCapabilities, Implementation, LoggingLevel, ProgressToken } from '@mcpkit/schema';
import {
  ErrorCode,
  LOGGING_LEVELS,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROGRESS_TOKEN,
  META_PROTOCOL_VERSION,
  readProtocolVersion,
} from '@mcpkit/schema/2026-07-28/core';
import { isLoggingLevel } from '../util/log-levels.js';
import type { RequestMeta } from './request-context.js';

const isObject = isJsonObject;

/**
 * A required `_meta` key is missing: `-32602` naming the versions served, so a client of another
 * era (an old client's `tools/call` without `initialize`) learns what to speak. On HTTP this is the
 * one `-32602` answered with 400 (the transport tells it by `data.supported`).
 */
const missing = (what: string, supported: readonly string[]) =>
  new ResponseError(
    ErrorCode.InvalidParams,
    `Missing ${what}: every MCP request carries params._meta with "${META_PROTOCOL_VERSION}" and "${META_CLIENT_CAPABILITIES}" (basic/index.mdx, _meta)`,
    { supported: [...supported] },
  );

/**
 * Reads the protocol fields of a request's `_meta` (basic/index.mdx "Per-request protocol fields").
 * This is the one check of `_meta`, for every transport. A missing required key is `-32602` (with
 * `data.supported`); a version this server does not serve is `-32022` with
 * `supported` and `requested` (basic/versioning.mdx), checked before any other key since a revision
 * defines its own `_meta`; an unknown `logLevel` is `-32602` (server/utilities/logging.mdx).
 */
export function readRequestMeta(params: unknown, supported: readonly string[]): RequestMeta {
  if (!isObject(params)) throw missing('params', supported);
  const meta = params._meta;
  if (!isObject(meta)) throw missing('params._meta', supported);
  const version = readProtocolVersion(meta);
  if (version === undefined) throw missing(`_meta["${META_PROTOCOL_VERSION}"]`, supported);
  if (!supported.includes(version)) {
    throw new ResponseError(ErrorCode.UnsupportedProtocolVersion, `Unsupported protocol version: ${version}`, {
      supported: [...supported],
      requested: version,
    });
  }
  const capabilities = meta[META_CLIENT_CAPABILITIES];
  if (!isObject(capabilities)) throw missing(`_meta["${META_CLIENT_CAPABILITIES}"]`, supported);
  const logLevel = meta[META_LOG_LEVEL];
  if (logLevel !== undefined && !isLoggingLevel(logLevel)) {
    throw new ResponseError(
      ErrorCode.InvalidParams,
      `Invalid _meta["${META_LOG_LEVEL}"]: ${JSON.stringify(logLevel)} is not one of ${LOGGING_LEVELS.join(', ')}`,
    );
  }
  return {
    protocolVersion: version,
    clientCapabilities: capabilities as ClientCapabilities,
    clientInfo: meta[META_CLIENT_INFO] as Implementation | undefined,
    logLevel: logLevel as LoggingLevel | undefined,
    progressToken: meta[META_PROGRESS_TOKEN] as ProgressToken | undefined,
    raw: meta,
  };
}
