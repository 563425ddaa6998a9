import type {
  CreateMessageRequestParams,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  InputRequest,
  InputRequests,
  InputResponse,
  InputResponses,
} from '@mcpkit/schema';
import { InputHandlerError, ProtocolError } from './errors.js';
import type { InputContext, InputHandlers } from './handlers.js';

/**
 * Answers one input request with the registered handlers. The request must be one the handlers
 * declared (`deriveClientCapabilities`); anything else is the server breaking the protocol
 * (mrtr.mdx: "Servers MUST NOT send an inputRequests that the client has not declared support for").
 * Used by the MRTR loop and, for server-initiated requests, by the legacy session.
 *
 * @example await answerInputRequest(handlers, { method: 'roots/list' }, context)
 */
export async function answerInputRequest(handlers: InputHandlers, request: InputRequest, context: InputContext): Promise<InputResponse> {
  const method = request.method;
  const run = (handler: () => InputResponse | Promise<InputResponse>): Promise<InputResponse> => invoke(handler, method, context.key);
  switch (method) {
    case 'elicitation/create': {
      const params = request.params;
      if (params.mode === 'url') {
        const handler = handlers.elicitation?.url;
        if (handler === undefined) throw undeclared(context, method, 'elicitation in url mode', declaredModes(handlers));
        return run(() => handler(params as ElicitRequestURLParams, context));
      }
      const handler = handlers.elicitation?.form;
      if (handler === undefined) throw undeclared(context, method, 'elicitation in form mode', declaredModes(handlers));
      return run(() => handler(params as ElicitRequestFormParams, context));
    }
    case 'sampling/createMessage': {
      const handler = handlers.sampling;
      if (handler === undefined) throw undeclared(context, method, 'sampling', 'no sampling');
      checkSamplingFeatures(handlers, request.params, context);
      return run(() => handler(request.params, context));
    }
    case 'roots/list': {
      const handler = handlers.roots;
      if (handler === undefined) throw undeclared(context, method, 'roots', 'no roots');
      return run(() => handler(request.params, context));
    }
    default:
      throw new ProtocolError(
        context.method,
        `The server asked for unknown input ${JSON.stringify((request as { method: unknown }).method)} (key "${context.key}")`,
      );
  }
}

/**
 * Answers every input request of one `input_required` result, concurrently, under the same keys.
 * Rejects with the first failure (an `InputHandlerError` or a `ProtocolError`).
 */
export async function answerInputRequests(handlers: InputHandlers, requests: InputRequests, context: Omit<InputContext, 'key'>): Promise<InputResponses> {
  const keys = Object.keys(requests);
  const answers = await Promise.all(
    keys.map((key) =>
      answerInputRequest(handlers, requests[key] as InputRequest, {
        signal: context.signal,
        method: context.method,
        round: context.round,
        key,
      }),
    ),
  );
  const responses: InputResponses = {};
  for (let i = 0; i < keys.length; i++) responses[keys[i] as string] = answers[i] as InputResponse;
  return responses;
}

async function invoke(handler: () => InputResponse | Promise<InputResponse>, method: string, key: string): Promise<InputResponse> {
  try {
    return await handler();
  } catch (error) {
    throw new InputHandlerError(method, key, error);
  }
}

/** `tools`/`toolChoice` need `sampling.tools`; `includeContext` other than `none` needs `sampling.context` (client/sampling.mdx). */
function checkSamplingFeatures(handlers: InputHandlers, params: CreateMessageRequestParams, context: InputContext): void {
  const supports = handlers.samplingSupports;
  if ((params.tools !== undefined || params.toolChoice !== undefined) && !supports?.tools) {
    throw undeclared(context, 'sampling/createMessage', 'sampling with tools', 'sampling without tools');
  }
  if (params.includeContext !== undefined && params.includeContext !== 'none' && !supports?.context) {
    throw undeclared(context, 'sampling/createMessage', `sampling with includeContext "${params.includeContext}"`, 'sampling without context');
  }
}

function declaredModes(handlers: InputHandlers): string {
  const modes = [handlers.elicitation?.form && 'form', handlers.elicitation?.url && 'url'].filter(Boolean);
  return modes.length === 0 ? 'no elicitation' : `elicitation in ${modes.join(' and ')} mode`;
}

function undeclared(context: InputContext, inputMethod: string, asked: string, declared: string): ProtocolError {
  return new ProtocolError(
    context.method,
    `The server asked for ${asked} (${inputMethod}, key "${context.key}"), which this request did not declare ` + `(it declared ${declared})`,
  );
}
