// Copied by tools/codegen from schema/2025-11-25/capabilities.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: capabilities exchanged during `initialize`. They hold for the whole session:
 * a side may only use a feature the other side declared. Presence of a key (usually `{}`) means
 * support; the sets are open, so unknown keys are allowed.
 *
 * Spec: 2025-11-25/pages/basic/lifecycle.mdx (Capability Negotiation),
 * 2025-11-25/pages/basic/utilities/tasks.mdx (Capabilities)
 */

/** The optional features a client supports, declared in `initialize`. */
export interface ClientCapabilities {
  /** Non-standard features still being tried out, keyed by feature name. */
  experimental?: { [key: string]: object };
  /** Present when the client can answer `roots/list`. */
  roots?: {
    /** True when the client will send `notifications/roots/list_changed`. */
    listChanged?: boolean;
  };
  /** Present when the client can answer `sampling/createMessage`. */
  sampling?: {
    /**
     * Present when the client honours `includeContext` values other than `"none"`; without it
     * servers should leave that field out or set it to `"none"`.
     */
    context?: object;
    /** Present when the client accepts `tools` and `toolChoice` in sampling requests. */
    tools?: object;
  };
  /**
   * Present when the client can answer `elicitation/create`. An empty object means form mode
   * only.
   */
  elicitation?: {
    /** Present when the client supports form-mode elicitation. */
    form?: object;
    /** Present when the client supports URL-mode elicitation. */
    url?: object;
  };
  /** Present when the client can run server requests as tasks. */
  tasks?: {
    /** Present when the client answers `tasks/list`. */
    list?: object;
    /** Present when the client answers `tasks/cancel`. */
    cancel?: object;
    /** Which server-to-client requests may carry a `task` field; anything not listed may not. */
    requests?: {
      /** Task support for sampling requests. */
      sampling?: {
        /** Present when `sampling/createMessage` may be run as a task. */
        createMessage?: object;
      };
      /** Task support for elicitation requests. */
      elicitation?: {
        /** Present when `elicitation/create` may be run as a task. */
        create?: object;
      };
    };
  };
}

/** The optional features a server supports, declared in its `initialize` result. */
export interface ServerCapabilities {
  /** Non-standard features still being tried out, keyed by feature name. */
  experimental?: { [key: string]: object };
  /** Present when the server can send `notifications/message` log entries. */
  logging?: object;
  /** Present when the server answers `completion/complete`. */
  completions?: object;
  /** Present when the server offers prompts. */
  prompts?: {
    /** True when the server will send `notifications/prompts/list_changed`. */
    listChanged?: boolean;
  };
  /** Present when the server offers resources. */
  resources?: {
    /** True when the server accepts `resources/subscribe` and `resources/unsubscribe`. */
    subscribe?: boolean;
    /** True when the server will send `notifications/resources/list_changed`. */
    listChanged?: boolean;
  };
  /** Present when the server offers tools. */
  tools?: {
    /** True when the server will send `notifications/tools/list_changed`. */
    listChanged?: boolean;
  };
  /** Present when the server can run client requests as tasks. */
  tasks?: {
    /** Present when the server answers `tasks/list`. */
    list?: object;
    /** Present when the server answers `tasks/cancel`. */
    cancel?: object;
    /** Which client-to-server requests may carry a `task` field; anything not listed may not. */
    requests?: {
      /** Task support for tool requests. */
      tools?: {
        /** Present when `tools/call` may be run as a task. */
        call?: object;
      };
    };
  };
}
