/** How a finished operation lands on its span. */
import { SpanStatusCode, type Span } from '@opentelemetry/api';
import { ATTR_ERROR_TYPE, ATTR_STATUS_CODE, type Outcome } from './attributes.js';

/**
 * Sets `error.type` and `rpc.response.status_code`, the ERROR status (with the JSON-RPC message)
 * for a failure, and ends the span. A tool result with `isError` keeps its `error.type` of
 * `tool_error` but no ERROR status: the call itself succeeded. A span that is not recording (not
 * sampled, no SDK) is only ended.
 */
export function endSpan(span: Span, outcome: Outcome): void {
  if (outcome.errorType !== undefined && span.isRecording()) {
    span.setAttribute(ATTR_ERROR_TYPE, outcome.errorType);
    if (outcome.statusCode !== undefined) span.setAttribute(ATTR_STATUS_CODE, outcome.statusCode);
    if (outcome.failed)
      span.setStatus(outcome.message === undefined ? { code: SpanStatusCode.ERROR } : { code: SpanStatusCode.ERROR, message: outcome.message });
  }
  span.end();
}
