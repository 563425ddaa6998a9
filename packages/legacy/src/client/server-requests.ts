import { answerInputRequest, InputHandlerError, ProtocolError, type InputHandlers } from '@mcpkit/client';
import {
  JsonRpcErrorCode,
  errorResponse,
  ResponseError,
  successResponse,
  type DispatchContext,
  type Dispatcher,
  type JsonObject,
  type JsonRpcRequest,
  type JsonRpcResponse,
} from '@mcpkit/jsonrpc';
import type { InputRequest } from '@mcpkit/schema';
import { formatErrors, validateCreateMessageRequestParams, validateElicitRequestParams, type Validator } from '@mcpkit/schema/2025-11-25';
import { revisionHas } from '../shared/revisions.js';

/**
 * Answers the requests a 2025-11-25 server sends the client: `ping` with `{}`
 * (basic/utilities/ping.mdx), and `elicitation/create`, `sampling/createMessage` and `roots/list`
 * with the very `InputHandlers` the modern client uses for MRTR input requests, through the same
 * `answerInputRequest`. The handler's `InputContext` has the server's method, the request id as
 * `key`, round 0, and a signal aborted when the server cancels the request.
 */

/** What the dispatcher needs from its session. */
export interface ServerRequestHost {
  readonly handlers: InputHandlers;
  /** A handler failed: reported, and the server gets a generic -32603. */
  report(error: Error): void;
  /** The session's negotiated revision: a request it does not define is refused. */
  protocolVersion?(): string;
  /** Told of a server request refused because the revision lacks it. */
  warn?(message: string): void;
}

/** The params of each method, checked before a handler sees them. */
const PARAMS: Record<string, Validator<unknown> | undefined> = {
  'elicitation/create': validateElicitRequestParams,
  'sampling/createMessage': validateCreateMessageRequestParams,
  'roots/list': undefined,
};

/** A `Dispatcher` answering the server's requests on a legacy session. */
export function serverRequestDispatcher(host: ServerRequestHost): Dispatcher {
  return {
    async dispatch(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse | null> {
      const response = await answer(host, request, context);
      return context.signal.aborted ? null : response;
    },
  };
}

async function answer(host: ServerRequestHost, request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
  const { id, method } = request;
  if (method === 'ping') return successResponse(id, {});
  if (!(method in PARAMS)) return errorResponse(id, JsonRpcErrorCode.MethodNotFound, `Method not found: ${method}`);
  const params = request.params ?? {};
  const validate = PARAMS[method];
  if (validate !== undefined && !validate(params)) {
    return errorResponse(id, JsonRpcErrorCode.InvalidParams, `Invalid ${method} params: ${formatErrors(validate.errors)}`);
  }
  const refusal = outOfRevision(host, method, params) ?? undeclared(host.handlers, method, params);
  if (refusal !== undefined) return refusal(id);
  try {
    const result = await answerInputRequest(host.handlers, { method, params } as InputRequest, {
      signal: context.signal,
      method,
      key: String(id),
      round: 0,
    });
    return successResponse(id, result as unknown as JsonObject);
  } catch (error) {
    return failure(host, id, error);
  }
}

/** A server request the session's revision does not have: elicitation before 2025-06-18, URL mode and sampling tools before 2025-11-25. */
function outOfRevision(host: ServerRequestHost, method: string, params: JsonObject) {
  const version = host.protocolVersion?.();
  if (version === undefined) return undefined;
  let refusal: ((id: JsonRpcRequest['id']) => JsonRpcResponse) | undefined;
  if (method === 'elicitation/create' && !revisionHas(version, 'elicitation')) {
    refusal = (id) => errorResponse(id, JsonRpcErrorCode.MethodNotFound, `Method not found: elicitation/create is not part of MCP ${version}`);
  } else if (method === 'elicitation/create' && params.mode === 'url' && !revisionHas(version, 'urlElicitation')) {
    refusal = (id) => errorResponse(id, JsonRpcErrorCode.InvalidParams, `URL-mode elicitation is not part of MCP ${version}`);
  } else if (method === 'sampling/createMessage' && params.tools !== undefined && !revisionHas(version, 'samplingTools')) {
    refusal = (id) => errorResponse(id, JsonRpcErrorCode.InvalidParams, `Tools in sampling/createMessage are not part of MCP ${version}`);
  }
  if (refusal !== undefined) host.warn?.(`Refused the server's ${method}: the session negotiated MCP ${version}, which does not have it`);
  return refusal;
}

/**
 * The refusals the spec names for a request the client did not declare: roots and sampling
 * without a handler are "Method not found" (client/roots.mdx "Error Handling"); an elicitation mode
 * without a handler is "Invalid params" (client/elicitation.mdx "Error Handling").
 */
function undeclared(handlers: InputHandlers, method: string, params: JsonObject) {
  if (method === 'roots/list' && handlers.roots === undefined) {
    return (id: JsonRpcRequest['id']) =>
      errorResponse(id, JsonRpcErrorCode.MethodNotFound, 'Roots not supported', { reason: 'Client does not have roots capability' });
  }
  if (method === 'sampling/createMessage' && handlers.sampling === undefined) {
    return (id: JsonRpcRequest['id']) =>
      errorResponse(id, JsonRpcErrorCode.MethodNotFound, 'Sampling not supported', { reason: 'Client does not have sampling capability' });
  }
  if (method === 'elicitation/create') {
    const mode = params.mode === 'url' ? 'url' : 'form';
    if (handlers.elicitation?.[mode] === undefined) {
      return (id: JsonRpcRequest['id']) => errorResponse(id, JsonRpcErrorCode.InvalidParams, `Elicitation in ${mode} mode was not declared by this client`);
    }
  }
  return undefined;
}

/**
 * A handler that throws a `ResponseError` chooses the error the server gets (e.g. -1 "User rejected
 * sampling request", client/sampling.mdx); a feature the request used but the client did not declare
 * is -32602; any other failure is reported locally and the server gets a bare -32603.
 */
function failure(host: ServerRequestHost, id: JsonRpcRequest['id'], error: unknown): JsonRpcResponse {
  const cause = error instanceof InputHandlerError ? error.cause : undefined;
  if (cause instanceof ResponseError) return errorResponse(id, cause.code, cause.message, cause.data);
  if (error instanceof ProtocolError) return errorResponse(id, JsonRpcErrorCode.InvalidParams, error.message);
  host.report(error instanceof Error ? error : new Error(String(error)));
  return errorResponse(id, JsonRpcErrorCode.InternalError, 'Internal error');
}
