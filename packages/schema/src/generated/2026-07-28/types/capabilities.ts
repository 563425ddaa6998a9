// Copied by tools/codegen from schema/2026-07-28/capabilities.ts. Edit the source, then run `pnpm codegen`.
/**
 * What a client can do (declared on every request) and what a server offers (declared in the
 * `server/discover` result).
 *
 * Source: `2026-07-28/pages/architecture/index.mdx`, the feature pages under `server/` and
 * `client/`, `2026-07-28/schema.json`. Both sets are open: implementations may define more keys.
 */

import type { JSONObject } from './json.js';

/**
 * Optional features the client supports for the request that carries it, sent in
 * `_meta["io.modelcontextprotocol/clientCapabilities"]`. An empty object declares none.
 */
export interface ClientCapabilities {
  /** Non-standard capabilities under trial, keyed by name, each with its own settings object. */
  experimental?: { [key: string]: JSONObject };
  /**
   * Set when the client can answer `roots/list` input requests. Deprecated together with roots.
   */
  roots?: {};
  /**
   * Set when the client can answer `sampling/createMessage` input requests by calling a model.
   * Deprecated together with sampling.
   */
  sampling?: {
    /**
     * Set when the client honours `includeContext` values other than `"none"`; without it servers
     * should omit the field or send `"none"`.
     */
    context?: JSONObject;
    /** Set when the client accepts `tools` and `toolChoice` in sampling requests. */
    tools?: JSONObject;
  };
  /**
   * Set when the client can answer `elicitation/create` input requests. An empty object means
   * form mode only.
   */
  elicitation?: {
    /** Set when the client can show a form built from a requested schema. */
    form?: JSONObject;
    /** Set when the client can send the user to an external URL. */
    url?: JSONObject;
  };
  /**
   * Protocol extensions the client supports, keyed by extension id (which must carry a prefix, as
   * `_meta` keys do), each with its settings; `{}` means supported without settings.
   */
  extensions?: { [key: string]: JSONObject };
}

/**
 * Optional features a server offers, returned by `server/discover`. A method whose capability is
 * not advertised answers -32601.
 */
export interface ServerCapabilities {
  /** Non-standard capabilities under trial, keyed by name, each with its own settings object. */
  experimental?: { [key: string]: JSONObject };
  /**
   * Set when the server may send `notifications/message` to requests that opt in with a log
   * level. Deprecated together with logging.
   */
  logging?: JSONObject;
  /** Set when the server answers `completion/complete`. */
  completions?: JSONObject;
  /** Set when the server offers prompts (`prompts/list`, `prompts/get`). */
  prompts?: {
    /** Whether the server sends `notifications/prompts/list_changed` to listeners that ask. */
    listChanged?: boolean;
  };
  /** Set when the server offers resources (`resources/list`, `resources/read`, templates). */
  resources?: {
    /** Whether listeners may watch individual resources via `resourceSubscriptions`. */
    subscribe?: boolean;
    /** Whether the server sends `notifications/resources/list_changed` to listeners that ask. */
    listChanged?: boolean;
  };
  /** Set when the server offers tools (`tools/list`, `tools/call`). */
  tools?: {
    /** Whether the server sends `notifications/tools/list_changed` to listeners that ask. */
    listChanged?: boolean;
  };
  /**
   * Protocol extensions the server supports, keyed by extension id (which must carry a prefix, as
   * `_meta` keys do), each with its settings; `{}` means supported without settings.
   */
  extensions?: { [key: string]: JSONObject };
}
