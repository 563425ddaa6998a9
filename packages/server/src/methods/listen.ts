import { ResponseError, type DispatchContext, type JsonObject } from '@mcpkit/jsonrpc';
import { ErrorCode, META_SUBSCRIPTION_ID, validateSubscriptionsListenRequestParams, type ServerCapabilities, type SubscriptionFilter } from '@mcpkit/schema';
import type { MethodHandler, ServerCore } from '../dispatch/core.js';
import type { RequestContext } from '../dispatch/request-context.js';
import { ListenStream } from '../events/listen-stream.js';
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
 */
export const listen: MethodHandler = {
  validate: validateSubscriptionsListenRequestParams,
  enabled: (core, registry) => offersNotifications(core.capabilities(registry)) || core.extensions.listen.length > 0,
  async handle(params: JsonObject, call, core, registry, context: DispatchContext) {
    if (core.hub.closed) throw new ResponseError(ErrorCode.InternalError, 'The server is shutting down');
    const id = call.requestId;
    context.untilCancelled?.(); // a stream: a transport shutting down ends it rather than waiting for it
    const tag = { [META_SUBSCRIPTION_ID]: id };
    const granted = grantFilter(params.notifications as SubscriptionFilter, core.capabilities(registry));
    await grantExtensions(params.notifications as Record<string, unknown>, granted, call, core);
    const stream = new ListenStream(id, granted, (notification) => context.notify(notification));
    const onAbort = () => stream.end('aborted');
    if (context.signal.aborted) return null;
    context.signal.addEventListener('abort', onAbort, { once: true });
    try {
      // Subscribe before acknowledging: nothing published after the acknowledgment can be missed.
      try {
        await core.hub.attach(stream);
      } catch (error) {
        core.onError(error, { method: call.method, requestId: id });
        throw new ResponseError(ErrorCode.InternalError, 'subscriptions/listen is unavailable: the server cannot reach its event bus; listen again later');
      }
      await context.notify({
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: tag, notifications: granted as JsonObject },
      });
      stream.start();
      const how = await stream.ended;
      if (how === 'aborted' || context.signal.aborted) return null;
      if (how === 'failed') {
        throw new ResponseError(ErrorCode.InternalError, 'The server lost its event bus; notifications may have been missed: listen again');
      }
      if (context.transport.name === 'stdio') {
        await context.notify({
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { _meta: tag, requestId: id, reason: 'The server closed the subscription' },
        });
      }
      return { resultType: 'complete', _meta: { ...core.resultMeta, ...tag } };
    } finally {
      stream.end('aborted');
      context.signal.removeEventListener('abort', onAbort);
    }
  },
};
