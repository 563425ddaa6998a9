// Protocol constants of each revision.
import { describe, expect, it } from 'vitest';
import * as legacy from '../src/2025-11-25.js';
import * as modern from '../src/index.js';

describe('2026-07-28 constants', () => {
  it('error codes: JSON-RPC 2.0 plus the three codes MCP allocated from -32020', () => {
    // spec: 2026-07-28/pages/basic/index.mdx ("Error Codes")
    expect(modern.ErrorCode).toEqual({
      ParseError: -32700,
      InvalidRequest: -32600,
      MethodNotFound: -32601,
      InvalidParams: -32602,
      InternalError: -32603,
      HeaderMismatch: -32020,
      MissingRequiredClientCapability: -32021,
      UnsupportedProtocolVersion: -32022,
    });
  });

  it('has no retired codes: -32002 and -32042 must never be emitted', () => {
    // spec: 2026-07-28/pages/basic/index.mdx ("Error Codes"); 2026-07-28/pages/changelog.mdx
    expect(Object.values(modern.ErrorCode)).not.toContain(-32002);
    expect(Object.values(modern.ErrorCode)).not.toContain(-32042);
  });

  it('_meta keys', () => {
    // spec: 2026-07-28/pages/basic/index.mdx (`_meta`)
    expect(modern.META_PROTOCOL_VERSION).toBe('io.modelcontextprotocol/protocolVersion');
    expect(modern.META_CLIENT_CAPABILITIES).toBe('io.modelcontextprotocol/clientCapabilities');
    expect(modern.META_CLIENT_INFO).toBe('io.modelcontextprotocol/clientInfo');
    expect(modern.META_LOG_LEVEL).toBe('io.modelcontextprotocol/logLevel');
    expect(modern.META_SERVER_INFO).toBe('io.modelcontextprotocol/serverInfo');
    expect(modern.META_SUBSCRIPTION_ID).toBe('io.modelcontextprotocol/subscriptionId');
    expect(modern.META_PROGRESS_TOKEN).toBe('progressToken');
  });

  it('HTTP headers', () => {
    // spec: 2026-07-28/pages/basic/transports/streamable-http.mdx
    expect([modern.HEADER_PROTOCOL_VERSION, modern.HEADER_METHOD, modern.HEADER_NAME, modern.HEADER_PARAM_PREFIX]).toEqual([
      'MCP-Protocol-Version',
      'Mcp-Method',
      'Mcp-Name',
      'Mcp-Param-',
    ]);
    expect(modern).not.toHaveProperty('HEADER_SESSION_ID');
    expect(modern).not.toHaveProperty('HEADER_LAST_EVENT_ID');
  });

  it('revisions, result types and logging levels in severity order', () => {
    // spec: 2026-07-28/pages/basic/index.mdx ("ResultType"); 2026-07-28/pages/server/utilities/logging.mdx
    expect(modern.LATEST_PROTOCOL_VERSION).toBe('2026-07-28');
    expect(modern.LEGACY_PROTOCOL_VERSION).toBe('2025-11-25');
    expect(modern.SUPPORTED_PROTOCOL_VERSIONS).toEqual(['2026-07-28', '2025-11-25']);
    expect(modern.RESULT_TYPES).toEqual(['complete', 'input_required']);
    expect(modern.LOGGING_LEVELS).toEqual(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
    for (const level of modern.LOGGING_LEVELS) expect(modern.validateLoggingLevel(level)).toBe(true);
  });
});

describe('2025-11-25 constants', () => {
  it('error codes include the legacy-only -32002 and -32042', () => {
    // spec: 2025-11-25/pages/server/resources.mdx ("Error Handling"); 2025-11-25/schema.json URLElicitationRequiredError
    expect(legacy.ErrorCode).toEqual({
      ParseError: -32700,
      InvalidRequest: -32600,
      MethodNotFound: -32601,
      InvalidParams: -32602,
      InternalError: -32603,
      ResourceNotFound: -32002,
      UrlElicitationRequired: -32042,
    });
  });

  it('session and resumption headers, no modern request headers', () => {
    // spec: 2025-11-25/pages/basic/transports.mdx ("Session Management", "Resumability and Redelivery")
    expect([legacy.HEADER_PROTOCOL_VERSION, legacy.HEADER_SESSION_ID, legacy.HEADER_LAST_EVENT_ID]).toEqual([
      'MCP-Protocol-Version',
      'Mcp-Session-Id',
      'Last-Event-ID',
    ]);
    expect(legacy).not.toHaveProperty('HEADER_METHOD');
    expect(legacy.META_PROGRESS_TOKEN).toBe('progressToken');
    expect(legacy).not.toHaveProperty('META_PROTOCOL_VERSION');
    expect(legacy).not.toHaveProperty('RESULT_TYPES');
  });
});
