/** The protocol revisions this package describes. */
export type ProtocolVersion = '2026-07-28' | '2025-11-25';

/** A capability that gates a method: which side advertises it, and the path inside its capabilities. */
export interface CapabilityRef {
  /** `server` for `ServerCapabilities`, `client` for `ClientCapabilities`. */
  readonly side: 'server' | 'client';
  /** Property path inside the capabilities object, e.g. `['tools']` or `['resources', 'subscribe']`. */
  readonly path: readonly string[];
}

/** What the catalogue knows about one request or notification method of a revision. */
export interface MethodInfo {
  /** The JSON-RPC `method`, e.g. `tools/call`. */
  readonly method: string;
  /** Whether the method is a request (expects a result) or a notification. */
  readonly kind: 'request' | 'notification';
  /**
   * Who sends it. `input-request` (2026-07-28 only): it never travels as a JSON-RPC request; it
   * appears inside an `InputRequiredResult` and is answered in the retried request's `inputResponses`.
   */
  readonly direction: 'client-to-server' | 'server-to-client' | 'both' | 'input-request';
  /** Name of the params type (a `$defs` entry), or `undefined` when the params are declared inline. */
  readonly params: string | undefined;
  /** Name of the result type, for requests; `undefined` for notifications. */
  readonly result: string | undefined;
  /** Whether the request may be answered with an `InputRequiredResult` (its params take `inputResponses`). */
  readonly inputRequired: boolean;
  /** Whether a complete result carries the caching hints `ttlMs` and `cacheScope`. */
  readonly cacheable: boolean;
  /** Where the HTTP `Mcp-Name` header value comes from: `params.name`, `params.uri`, or no header. */
  readonly mcpName: 'name' | 'uri' | undefined;
  /** The capability that gates the method (the first one declared; see `capabilities`). */
  readonly capability: CapabilityRef | undefined;
  /** Every gating capability: a method that travels both ways has one per receiving side. */
  readonly capabilities: readonly CapabilityRef[];
  /** The revisions that define this method. */
  readonly revisions: readonly ProtocolVersion[];
}

/**
 * What an extension's catalogue knows about one of its methods: the fields of `MethodInfo`, the
 * extension's identifier, and an `Mcp-Name` source that may be any param (`taskId` for the tasks
 * extension). `revisions` names the base revision the extension is specified on.
 */
export interface ExtensionMethodInfo extends Omit<MethodInfo, 'mcpName'> {
  /** The extension's identifier, e.g. `io.modelcontextprotocol/tasks`. */
  readonly extension: string;
  /** The `params` member the HTTP `Mcp-Name` header mirrors, or `undefined` when none. */
  readonly mcpName: string | undefined;
}
