/** How a finished operation lands on its span and its duration histogram. */
import { SpanStatusCode, type Attributes, type Span } from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_METHOD,
  ATTR_NETWORK_PROTOCOL,
  ATTR_NETWORK_TRANSPORT,
  ATTR_OPERATION_NAME,
  ATTR_PROMPT_NAME,
  ATTR_PROTOCOL_VERSION,
  ATTR_STATUS_CODE,
  ATTR_TOOL_NAME,
  type Outcome,
} from './attributes.js';

/**
 * Sets `error.type` and `rpc.response.status_code`, the ERROR status (with the JSON-RPC message)
 * for a failure, and ends the span. A tool result with `isError` keeps its `error.type` of
 * `tool_error` but no ERROR status: the call itself succeeded.
 */
export function endSpan(span: Span, outcome: Outcome): void {
  if (outcome.errorType !== undefined) span.setAttribute(ATTR_ERROR_TYPE, outcome.errorType);
  if (outcome.statusCode !== undefined) span.setAttribute(ATTR_STATUS_CODE, outcome.statusCode);
  if (outcome.failed) span.setStatus(outcome.message === undefined ? { code: SpanStatusCode.ERROR } : { code: SpanStatusCode.ERROR, message: outcome.message });
  span.end();
}

const METRIC_KEYS = [ATTR_TOOL_NAME, ATTR_PROMPT_NAME, ATTR_OPERATION_NAME, ATTR_PROTOCOL_VERSION, ATTR_NETWORK_TRANSPORT, ATTR_NETWORK_PROTOCOL];

/** The histogram keeps the low-cardinality attributes only (no request id, no resource URI, no session). */
export function metricAttributes(span: Attributes, outcome: Outcome): Attributes {
  const out: Attributes = { [ATTR_METHOD]: span[ATTR_METHOD] };
  for (const key of METRIC_KEYS) if (span[key] !== undefined) out[key] = span[key];
  if (outcome.errorType !== undefined) out[ATTR_ERROR_TYPE] = outcome.errorType;
  if (outcome.statusCode !== undefined) out[ATTR_STATUS_CODE] = outcome.statusCode;
  return out;
}
