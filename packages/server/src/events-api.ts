/**
 * `@mcpkit/server/events`: the `EventBus` that carries list changes and resource updates to every
 * `subscriptions/listen` stream (across replicas with `@mcpkit/redis`), its in-memory default and
 * the events it carries.
 */
export { MemoryEventBus, type EventBus, type ExtensionEvent, type LostListener, type ServerEvent, type Unsubscribe } from './events/event-bus.js';
