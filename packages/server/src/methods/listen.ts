import { ResponseError, type DispatchContext, type JsonObject } from '@mcpkit/jsonrpc';
import type { ServerCapabilities, SubscriptionFilter } from '@mcpkit/schema';
import { ErrorCode, META_SUBSCRIPTION_ID } from '@mcpkit/schema/2026-07-28/core';
import { validateSubscriptionsListenRequestParams } from '@mcpkit/schema/2026-07-28/validators/requests';
import type { MethodHandler, ServerCore } from '../dispatch/core.js';
import { BUS_LOST } from '../events/listen-hub.js';
import type { RequestContext } from '../dispatch/request-context.js';
import { ListenStream, type StreamEnd } from '../events/listen-stream.js';
import { isAborted } from '../util/aborted.js';
import { missingClientExtension } from '../util/errors.js';

/** The part of a requested filter this server honours (basic/patterns/subscriptions.mdx "Acknowledgment"). */
export function grantFilter(requested: SubscriptionFilter, capabilities: ServerCapabilities): SubscriptionFilter {
  const granted: SubscriptionFilter = {};
  if (requested.toolsListChanged === true && capabilities.tools?.listChanged) granted.toolsListChanged = true;
  if (requested.promptsListChanged === true && capabilities.prompts?.listChanged) granted.promptsListChanged = true;
  if (requested.resourcesListChanged === true && capabilities.resources?.listChanged) granted.resourcesListChanged = true;
  if (requested.resourceSubscriptions !== undefined && capabilities.resources?.subscribe) {
    granted.resourceSubscriptions = [...requested.resourceSubscriptions];
  }
  return granted;
}

/** Whether a server advertises anything a listen stream could carry. */
export function offersNotifications(capabilities: ServerCapabilities): boolean {
  return !!(capabilities.tools?.listChanged || capabilities.prompts?.listChanged || capabilities.resources?.listChanged || capabilities.resources?.subscribe);
}

/**
 * Adds what the server's extensions grant of their own filter members (an array of topics each, like
 * the tasks extension's `taskIds`) to `granted`. A member present in the request of a client that did
 * not declare its extension, when the extension requires that, is refused with `-32021`.
 */
async function grantExtensions(requested: Record<string, unknown>, granted: SubscriptionFilter, call: RequestContext, core: ServerCore): Promise<void> {
  for (const member of core.extensions.listen) {
    const asked = requested[member.filterKey];
    if (asked === undefined) continue;
    if (member.requiresClientExtension && call.clientExtension(member.extension) === undefined) throw missingClientExtension(member.extension);
    const topics = Array.isArray(asked) ? asked.filter((topic): topic is string => typeof topic === 'string') : [];
    (granted as Record<string, unknown>)[member.filterKey] = [...(await member.grant(topics, call))];
  }
}

/**
 * `subscriptions/listen` (basic/patterns/subscriptions.mdx): acknowledges the granted subset first,
 * then streams the matching events, each tagged with the subscription id, until the client goes
 * away (nothing more is sent) or the server closes: then a final `complete` result tagged with the
 * id, preceded on stdio by `notifications/cancelled` for the listen id (README, "Decisions"). When
 * the event bus is lost (or cannot be reached to begin with), the listen is answered with a
 * `-32603` error saying so, so the client knows to listen again (and to refetch what it caches).
 *
 * On a transport that offers `detach` (HTTP), the handler returns once the acknowledgment is out
 * and the stream answers the request itself when it ends: an idle stream is a record in the hub,
 * with no suspended async function, promise or signal of its own. Elsewhere (stdio, or with an
 * `around` hook watching the dispatch) the handler waits for the stream's end.
 */
export const listen: MethodHandler = {
  validate: validateSubscriptionsListenRequestParams,
  enabled: (core, registry) => offersNotifications(core.capabilities(registry)) || core.extensions.listen.length > 0,
  async handle(params: JsonObject, call, core, registry, context: DispatchContext) {
    if (core.hub.closed) throw new ResponseError(ErrorCode.InternalError, 'The server is shutting down');
    const id = call.requestId;
    context.untilCancelled?.(); // a stream: a transport shutting down ends it rather than waiting for it
    const granted = grantFilter(params.notifications as SubscriptionFilter, core.capabilities(registry));
    if (core.extensions.listen.length > 0) await grantExtensions(params.notifications as Record<string, unknown>, granted, call, core);
    const stream = new ListenStream(id, granted, context);
    if (isAborted(context)) return null;
    // A multiplexed transport gets notifications/cancelled before the final result: that path waits.
    const detachable = core.detachStreams && context.detach !== undefined && context.transport.multiplexed !== true;
    return detachable ? openDetached(stream, call, core) : openAwaited(stream, call, core, context);
  },
};

/** Subscribes (before acknowledging: nothing published after the acknowledgment can be missed). */
async function subscribe(stream: ListenStream, call: RequestContext, core: ServerCore): Promise<void> {
  try {
    await core.hub.attach(stream);
  } catch (error) {
    core.onError(error, { method: call.method, requestId: stream.id });
    throw new ResponseError(ErrorCode.InternalError, 'subscriptions/listen is unavailable: the server cannot reach its event bus; listen again later');
  }
}

function acknowledge(stream: ListenStream, context: DispatchContext, granted: SubscriptionFilter): Promise<void> {
  return context.notify({
    jsonrpc: '2.0',
    method: 'notifications/subscriptions/acknowledged',
    params: { _meta: { [META_SUBSCRIPTION_ID]: stream.id }, notifications: granted as JsonObject },
  });
}

/** The result (or error) of a stream that ended `how`, for the handler that waited for it. */
function resultOf(stream: ListenStream, how: StreamEnd, core: ServerCore): JsonObject | null {
  if (how === 'aborted') return null;
  if (how === 'failed') throw new ResponseError(ErrorCode.InternalError, BUS_LOST);
  return { resultType: 'complete', _meta: { ...core.resultMeta, [META_SUBSCRIPTION_ID]: stream.id } };
}

/** HTTP: set up, acknowledge, detach; the dispatch then returns and the stream answers when it ends. */
async function openDetached(stream: ListenStream, call: RequestContext, core: ServerCore): Promise<JsonObject | null> {
  const context = stream.context;
  try {
    await subscribe(stream, call, core);
    if (stream.endedHow === undefined) await acknowledge(stream, context, stream.filter);
  } catch (error) {
    stream.end('aborted');
    throw error;
  }
  // Closed or lost while it was being set up, or the client went away during the acknowledgment.
  if (stream.endedHow !== undefined || isAborted(context)) {
    const how = stream.endedHow ?? 'aborted';
    stream.end(how);
    return isAborted(context) ? null : resultOf(stream, how, core);
  }
  if (!stream.detach()) {
    stream.end('aborted');
    return null;
  }
  stream.start();
  return null;
}

/** stdio (or an `around` hook): the handler waits for the stream to end, then answers. */
async function openAwaited(stream: ListenStream, call: RequestContext, core: ServerCore, context: DispatchContext): Promise<JsonObject | null> {
  const onAbort = () => stream.end('aborted');
  if (context.signal.aborted) return null;
  context.signal.addEventListener('abort', onAbort, { once: true });
  try {
    await subscribe(stream, call, core);
    await acknowledge(stream, context, stream.filter);
    stream.start();
    const how = await stream.ended();
    if (how === 'aborted' || context.signal.aborted) return null;
    if (how === 'closed' && context.transport.multiplexed === true) {
      await context.notify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { _meta: { [META_SUBSCRIPTION_ID]: stream.id }, requestId: stream.id, reason: 'The server closed the subscription' },
      });
    }
    return resultOf(stream, how, core);
  } finally {
    stream.end('aborted');
    context.signal.removeEventListener('abort', onAbort);
  }
}
