// Protocol constants that the JSON Schemas do not carry, kept by hand, each with the page that
// defines it. `constants.mjs` turns them into TypeScript and cross-checks them against the schema
// wherever the schema says anything about them.

/** HTTP header names. Header names are case-insensitive (RFC 9110); these are the pages' spellings. */
export const HEADERS = {
  '2026-07-28': [
    // spec: 2026-07-28/pages/basic/transports/streamable-http.mdx ("Protocol Version Header")
    { name: 'HEADER_PROTOCOL_VERSION', value: 'MCP-Protocol-Version', doc: 'Protocol revision of the request; must equal `_meta` protocolVersion.' },
    // spec: 2026-07-28/pages/basic/transports/streamable-http.mdx ("Standard Request Headers")
    { name: 'HEADER_METHOD', value: 'Mcp-Method', doc: 'Mirror of the JSON-RPC `method` on every request.' },
    { name: 'HEADER_NAME', value: 'Mcp-Name', doc: "Mirror of `params.name` or `params.uri` (see the catalogue's `mcpName`)." },
    // spec: 2026-07-28/pages/basic/transports/streamable-http.mdx ("Custom Headers from Tool Parameters")
    { name: 'HEADER_PARAM_PREFIX', value: 'Mcp-Param-', doc: 'Prefix of the headers mirroring tool arguments marked `x-mcp-header`.' },
  ],
  '2025-11-25': [
    // spec: 2025-11-25/pages/basic/transports.mdx ("Protocol Version Header")
    { name: 'HEADER_PROTOCOL_VERSION', value: 'MCP-Protocol-Version', doc: 'Negotiated protocol revision, sent on every request after initialization.' },
    // spec: 2025-11-25/pages/basic/transports.mdx ("Session Management"); spelled as in
    // 2026-07-28/pages/basic/transports/streamable-http.mdx ("Backward Compatibility")
    { name: 'HEADER_SESSION_ID', value: 'Mcp-Session-Id', doc: 'Session id minted by the server at initialization.' },
    // spec: 2025-11-25/pages/basic/transports.mdx ("Resumability and Redelivery")
    { name: 'HEADER_LAST_EVENT_ID', value: 'Last-Event-ID', doc: 'SSE event id a client resumes a stream after.' },
  ],
};

/**
 * Error codes the schema of a revision does not declare as a `const`. The 2026-07-28 schema has an
 * error definition for every code it uses, so its list is empty.
 */
export const EXTRA_ERROR_CODES = {
  '2026-07-28': [],
  '2025-11-25': [
    // The JSON-RPC 2.0 codes: the 2025-11-25 schema.json has no error definitions for them.
    // spec: JSON-RPC 2.0 section 5.1, used by 2025-11-25/pages/basic/index.mdx ("Error Responses")
    { name: 'ParseError', code: -32700, doc: 'Invalid JSON was received.', source: 'JSON-RPC 2.0 §5.1' },
    { name: 'InvalidRequest', code: -32600, doc: 'The JSON sent is not a valid request object.', source: 'JSON-RPC 2.0 §5.1' },
    { name: 'MethodNotFound', code: -32601, doc: 'The method does not exist or is not available.', source: 'JSON-RPC 2.0 §5.1' },
    { name: 'InvalidParams', code: -32602, doc: 'Invalid method parameters.', source: 'JSON-RPC 2.0 §5.1' },
    { name: 'InternalError', code: -32603, doc: 'Internal JSON-RPC error.', source: 'JSON-RPC 2.0 §5.1' },
    // spec: 2025-11-25/pages/server/resources.mdx ("Error Handling")
    {
      name: 'ResourceNotFound',
      code: -32002,
      doc: 'The requested resource does not exist (-32602 in 2026-07-28).',
      source: '2025-11-25/pages/server/resources.mdx',
    },
  ],
};

/**
 * `resultType` values of the core protocol. The schema types `resultType` as any string.
 * spec: 2026-07-28/pages/basic/index.mdx ("ResultType")
 */
export const RESULT_TYPES = { '2026-07-28': ['complete', 'input_required'], '2025-11-25': [] };

/**
 * Logging levels from least to most severe (the schema lists them alphabetically).
 * spec: 2026-07-28/pages/server/utilities/logging.mdx ("Log Levels"), RFC 5424 section 6.2.1
 */
export const LOGGING_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
