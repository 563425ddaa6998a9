import type { SubscriptionFilter } from '@mcpkit/schema';

/** The boolean members of a `SubscriptionFilter`, with the notification each one asks for. */
const FLAGS = {
  toolsListChanged: 'notifications/tools/list_changed',
  promptsListChanged: 'notifications/prompts/list_changed',
  resourcesListChanged: 'notifications/resources/list_changed',
} as const;
type Flag = keyof typeof FLAGS;
const FLAG_NAMES = Object.keys(FLAGS) as Flag[];

/** An acknowledged filter compared with the asked one (basic/patterns/subscriptions.mdx "Acknowledgment"). */
export interface FilterComparison {
  /** Asked and granted. */
  granted: SubscriptionFilter;
  /** Asked and not granted. */
  denied: SubscriptionFilter;
  /** Granted without being asked (the server must not do that); described for a warning, or `undefined`. */
  unasked: string | undefined;
}

/** Compares what the server acknowledged with what was asked. */
export function compareFilters(asked: SubscriptionFilter, acked: SubscriptionFilter): FilterComparison {
  const granted: SubscriptionFilter = {};
  const denied: SubscriptionFilter = {};
  const unasked: string[] = [];
  for (const flag of FLAG_NAMES) {
    if (asked[flag] === true) {
      if (acked[flag] === true) granted[flag] = true;
      else denied[flag] = true;
    } else if (acked[flag] === true) {
      unasked.push(flag);
    }
  }
  const askedUris = asked.resourceSubscriptions ?? [];
  const ackedUris = new Set(acked.resourceSubscriptions ?? []);
  if (askedUris.length > 0) {
    const yes = askedUris.filter((uri) => ackedUris.has(uri));
    const no = askedUris.filter((uri) => !ackedUris.has(uri));
    if (yes.length > 0) granted.resourceSubscriptions = yes;
    if (no.length > 0) denied.resourceSubscriptions = no;
  }
  for (const uri of ackedUris) if (!askedUris.includes(uri)) unasked.push(`resourceSubscriptions ${uri}`);
  return { granted, denied, unasked: unasked.length > 0 ? unasked.join(', ') : undefined };
}

/**
 * Whether a notification is one the granted filter covers (basic/patterns/subscriptions.mdx). A
 * resources/updated URI may name a sub-resource of a subscribed one (below it after `/`, `#` or `?`).
 * Takes any notification (a legacy session's too); unknown methods are not covered.
 *
 * @example filterAllows({ resourceSubscriptions: ['file:///a/'] }, { method: 'notifications/resources/updated', params: { uri: 'file:///a/b' } }) // true
 */
export function filterAllows(granted: SubscriptionFilter, notification: { readonly method: string; readonly params?: unknown }): boolean {
  switch (notification.method) {
    case 'notifications/tools/list_changed':
      return granted.toolsListChanged === true;
    case 'notifications/prompts/list_changed':
      return granted.promptsListChanged === true;
    case 'notifications/resources/list_changed':
      return granted.resourcesListChanged === true;
    case 'notifications/resources/updated': {
      const uri = (notification.params as { uri?: unknown } | undefined)?.uri;
      if (typeof uri !== 'string') return false;
      return (granted.resourceSubscriptions ?? []).some((subscribed) => covers(subscribed, uri));
    }
    default:
      return false;
  }
}

function covers(subscribed: string, uri: string): boolean {
  if (uri === subscribed) return true;
  if (!uri.startsWith(subscribed)) return false;
  const next = uri.charAt(subscribed.length);
  return subscribed.endsWith('/') || next === '/' || next === '#' || next === '?';
}

/**
 * The notifications a filter asks for, as `[method, params]` pairs: what a stream that may have
 * missed some (after a drop) replays into the cache invalidation.
 */
export function notificationsCoveredBy(filter: SubscriptionFilter): Array<[string, { uri?: string } | undefined]> {
  const covered: Array<[string, { uri?: string } | undefined]> = [];
  for (const flag of FLAG_NAMES) if (filter[flag] === true) covered.push([FLAGS[flag], undefined]);
  for (const uri of filter.resourceSubscriptions ?? []) covered.push(['notifications/resources/updated', { uri }]);
  return covered;
}
