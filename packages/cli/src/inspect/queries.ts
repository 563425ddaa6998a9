import type { ListenStream } from '@mcpkit/client';
import type { DualEraClient } from '@mcpkit/legacy';
import type { SubscriptionFilter } from '@mcpkit/schema';
import { SkillsClient } from '@mcpkit/skills-client';
import { TaskClient } from '@mcpkit/tasks-client';
import { ApiError } from './page-server.js';
import type { EventBody } from './protocol.js';

/**
 * The page's questions that have an answer at once: the lists (every page of them, so the page
 * can show how the server paginates), completions, a skill, a task's status, a resource's text
 * (an Apps view's HTML source), and the listen streams, whose notifications arrive as events.
 */

/** The lists the page can ask for. */
export type ListKind = 'tools' | 'resources' | 'templates' | 'prompts' | 'skills' | 'tasks';

/** One page of a list as the server sent it. */
export interface ListPage {
  readonly items: readonly unknown[];
  readonly nextCursor?: string;
}

/** Stops a list that never ends (a server that hands back cursors forever). */
const MAX_PAGES = 1000;

type PageFetch = (cursor: string | undefined) => Promise<{ items: readonly unknown[]; nextCursor?: string }>;

function pageFetch(client: DualEraClient, kind: ListKind): PageFetch {
  switch (kind) {
    case 'tools':
      return async (cursor) => {
        const page = await client.listTools(cursor === undefined ? {} : { cursor });
        return { items: page.tools, nextCursor: page.nextCursor };
      };
    case 'resources':
      return async (cursor) => {
        const page = await client.listResources(cursor === undefined ? {} : { cursor });
        return { items: page.resources, nextCursor: page.nextCursor };
      };
    case 'templates':
      return async (cursor) => {
        const page = await client.listResourceTemplates(cursor === undefined ? {} : { cursor });
        return { items: page.resourceTemplates, nextCursor: page.nextCursor };
      };
    case 'prompts':
      return async (cursor) => {
        const page = await client.listPrompts(cursor === undefined ? {} : { cursor });
        return { items: page.prompts, nextCursor: page.nextCursor };
      };
    case 'skills':
      return async (cursor) => {
        const page = await new SkillsClient(client).list(cursor);
        return { items: page.skills, nextCursor: page.nextCursor };
      };
    case 'tasks':
      return async (cursor) => {
        const page = await new TaskClient(client).list(cursor);
        return { items: page.tasks, nextCursor: page.nextCursor };
      };
  }
}

const KINDS: readonly ListKind[] = ['tools', 'resources', 'templates', 'prompts', 'skills', 'tasks'];

/** Every page of one list. */
export async function listAll(client: DualEraClient, kind: unknown): Promise<{ pages: ListPage[] }> {
  if (!KINDS.includes(kind as ListKind)) throw new ApiError(400, `kind must be one of ${KINDS.join(', ')}`);
  const fetch = pageFetch(client, kind as ListKind);
  const pages: ListPage[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await fetch(cursor);
    pages.push({ items: page.items, ...(page.nextCursor !== undefined && { nextCursor: page.nextCursor }) });
    cursor = page.nextCursor;
    if (cursor !== undefined && seen.has(cursor)) throw new Error(`the server handed back cursor ${JSON.stringify(cursor)} twice; stopped reading`);
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor !== undefined && pages.length < MAX_PAGES);
  return { pages };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `completion/complete` for an argument of a prompt or a resource template. */
export async function completeArgument(client: DualEraClient, body: Record<string, unknown>): Promise<unknown> {
  const { ref, argument, context } = body;
  if (!isObject(ref) || (ref.type !== 'ref/prompt' && ref.type !== 'ref/resource')) throw new ApiError(400, 'ref must be a ref/prompt or a ref/resource');
  if (ref.type === 'ref/prompt' && typeof ref.name !== 'string') throw new ApiError(400, 'a ref/prompt needs a name');
  if (ref.type === 'ref/resource' && typeof ref.uri !== 'string') throw new ApiError(400, 'a ref/resource needs a uri');
  if (!isObject(argument) || typeof argument.name !== 'string' || typeof argument.value !== 'string')
    throw new ApiError(400, 'argument needs a name and a value (strings)');
  const given = isObject(context) && Object.values(context).every((v) => typeof v === 'string') ? (context as Record<string, string>) : undefined;
  const params = {
    ref: ref.type === 'ref/prompt' ? { type: 'ref/prompt' as const, name: ref.name as string } : { type: 'ref/resource' as const, uri: ref.uri as string },
    argument: { name: argument.name, value: argument.value },
    ...(given !== undefined && Object.keys(given).length > 0 && { context: { arguments: given } }),
  };
  return client.complete(params);
}

/** A resource's contents (the page shows an Apps view's HTML as text, never as a page). */
export async function readResource(client: DualEraClient, uri: unknown): Promise<unknown> {
  if (typeof uri !== 'string' || uri === '') throw new ApiError(400, 'uri is required');
  return client.readResource({ uri });
}

/** One skill, its SKILL.md checked against its entry. */
export async function loadSkill(client: DualEraClient, uri: unknown): Promise<unknown> {
  if (typeof uri !== 'string' || uri === '') throw new ApiError(400, 'uri is required');
  const loaded = await new SkillsClient(client).load(uri);
  return { entry: loaded.entry, text: loaded.text };
}

/** `tasks/get` or `tasks/cancel`. */
export async function taskOp(client: DualEraClient, op: unknown, taskId: unknown): Promise<unknown> {
  if (typeof taskId !== 'string' || taskId === '') throw new ApiError(400, 'taskId is required');
  const tasks = new TaskClient(client);
  if (op === 'get') return tasks.get(taskId);
  if (op === 'cancel') {
    await tasks.cancel(taskId);
    return { taskId, cancelled: true };
  }
  throw new ApiError(400, 'op must be get or cancel (a task result is waited for as a call)');
}

/** The page's listen streams. */
export class Listens {
  private readonly streams = new Map<string, ListenStream>();
  private next = 1;

  constructor(private readonly emit: (body: EventBody) => void) {}

  /** Opens a stream with the filter the page chose; its notifications arrive as `listen` events. */
  open(client: DualEraClient, raw: unknown): string {
    if (!isObject(raw)) throw new ApiError(400, 'filter must be an object');
    const filter: SubscriptionFilter = {};
    for (const key of ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'] as const) if (raw[key] === true) filter[key] = true;
    const uris = raw.resourceSubscriptions;
    if (uris !== undefined) {
      if (!Array.isArray(uris) || uris.some((u) => typeof u !== 'string' || u === '')) throw new ApiError(400, 'resourceSubscriptions must be URIs');
      if (uris.length > 0) filter.resourceSubscriptions = [...(uris as string[])];
    }
    if (Object.keys(filter).length === 0) throw new ApiError(400, 'choose at least one kind of notification');
    const listenId = `listen-${this.next++}`;
    const stream = client.listen(filter);
    this.streams.set(listenId, stream);
    this.emit({ type: 'listen', listen: { listenId, kind: 'start', filter: { ...filter } } });
    void this.follow(listenId, stream);
    return listenId;
  }

  private async follow(listenId: string, stream: ListenStream): Promise<void> {
    let message: string | undefined;
    try {
      stream.acknowledged.then(
        (ack) => this.emit({ type: 'listen', listen: { listenId, kind: 'ack', granted: { ...ack.granted }, denied: { ...ack.denied } } }),
        () => undefined,
      );
      for await (const notification of stream) {
        if (notification.method === 'notifications/subscriptions/acknowledged') continue;
        const params = ('params' in notification ? notification.params : {}) as Record<string, unknown>;
        this.emit({ type: 'listen', listen: { listenId, kind: 'notification', method: notification.method, params } });
      }
    } catch (error) {
      message = (error as Error).message;
    } finally {
      this.streams.delete(listenId);
      this.emit({ type: 'listen', listen: { listenId, kind: 'end', ...(message !== undefined && { message }) } });
    }
  }

  /** Closes one stream. */
  close(listenId: unknown): void {
    const stream = typeof listenId === 'string' ? this.streams.get(listenId) : undefined;
    if (stream === undefined) throw new ApiError(409, `${String(listenId)} is not open`);
    stream.close();
  }

  /** Closes every stream. */
  closeAll(): void {
    for (const stream of this.streams.values()) stream.close();
  }
}
