// subscriptions/listen on a transport that offers `detach` (HTTP): the dispatch returns once the
// acknowledgment is out and the stream answers the request itself when it ends (issue 29).
// spec: 2026-07-28/pages/basic/patterns/subscriptions.mdx
import type { DetachedRequest, JsonRpcResponse } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import { createServer, tool } from '../src/index.js';
import { MemoryEventBus, type EventBus, type ServerEvent } from '../src/events-api.js';
import { quiet, send, TestContext } from './helpers.js';

const ID = 'io.modelcontextprotocol/subscriptionId';
const LISTEN = { notifications: { toolsListChanged: true } };

/** A context that detaches like the HTTP handler's: `answers` records what `answer` was given. */
class DetachingContext extends TestContext {
  readonly answers: Array<JsonRpcResponse | null> = [];
  owner: DetachedRequest | undefined;
  detaches = 0;
  private gone = false;
  private answered!: (response: JsonRpcResponse | null) => void;
  /** The detached request's answer. */
  readonly answer$ = new Promise<JsonRpcResponse | null>((resolve) => (this.answered = resolve));

  get aborted(): boolean {
    return this.gone;
  }

  detach(owner: DetachedRequest): boolean {
    this.detaches++;
    this.owner = owner;
    if (this.gone) owner.cancelled();
    return true;
  }

  answer(response: JsonRpcResponse | null): void {
    this.answers.push(response);
    this.answered(response);
  }

  /** The client goes away (what the HTTP handler tells a detached request). */
  leave(): void {
    this.gone = true;
    this.controller.abort(new Error('gone'));
    this.owner?.cancelled();
  }
}

class LosableBus implements EventBus {
  private readonly inner = new MemoryEventBus();
  private lost: Array<(error: Error) => void> = [];
  publish(event: ServerEvent) {
    return this.inner.publish(event);
  }
  async subscribe(listener: (event: ServerEvent) => void, onLost?: (error: Error) => void) {
    if (onLost) this.lost.push(onLost);
    return this.inner.subscribe(listener);
  }
  lose() {
    for (const onLost of this.lost.splice(0)) onLost(new Error('lost'));
  }
}

function makeServer(options: Record<string, unknown> = {}) {
  return createServer({ info: { name: 'listen', version: '1' }, tools: [tool({ name: 'a', handler: () => ({ content: [] }) })], ...quiet, ...options });
}

describe('subscriptions/listen, detached', () => {
  it('returns from dispatch after the acknowledgment, keeps streaming, and answers complete when the server closes', async () => {
    const server = makeServer();
    const context = new DetachingContext();
    // The dispatch settles with nothing to send: the transport ignores it for a detached request.
    expect(await send(server, 'subscriptions/listen', LISTEN, { context, id: 7 })).toBeNull();
    expect(context.detaches).toBe(1);
    expect(context.notifications[0]).toMatchObject({ method: 'notifications/subscriptions/acknowledged', params: { _meta: { [ID]: 7 } } });
    await server.toolsChanged();
    await context.waitFor(2);
    expect(context.notifications[1]).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { [ID]: 7 } } });
    await server.close();
    // The same final result the awaiting path gives (listen.test.ts).
    expect(await context.answer$).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'listen', version: '1' }, [ID]: 7 } },
    });
    expect(context.answers).toHaveLength(1);
  });

  it('answers nothing when the client goes away, and the stream leaves the fan-out', async () => {
    const server = makeServer();
    const gone = new DetachingContext();
    const staying = new DetachingContext();
    await send(server, 'subscriptions/listen', LISTEN, { context: gone, id: 'g' });
    await send(server, 'subscriptions/listen', LISTEN, { context: staying, id: 's' });
    gone.leave();
    expect(gone.answers).toEqual([null]);
    await server.toolsChanged();
    await staying.waitFor(2);
    expect(gone.notifications).toHaveLength(1); // the acknowledgment only
    await server.close();
    expect(gone.answers).toEqual([null]); // answered once
    expect(await staying.answer$).toMatchObject({ id: 's', result: { resultType: 'complete' } });
  });

  it('answers nothing for a client that left during the acknowledgment', async () => {
    const server = makeServer();
    const context = new DetachingContext();
    const notify = context.notify;
    context.notify = (n) => {
      context.leave();
      return notify(n);
    };
    expect(await send(server, 'subscriptions/listen', LISTEN, { context })).toBeNull();
    await server.toolsChanged();
    await server.close();
    expect(context.answers.every((a) => a === null)).toBe(true);
  });

  it('answers with an error saying to listen again when the event bus is lost', async () => {
    const events = new LosableBus();
    const server = makeServer({ events });
    const context = new DetachingContext();
    await send(server, 'subscriptions/listen', LISTEN, { context, id: 'l' });
    events.lose();
    expect(await context.answer$).toMatchObject({ jsonrpc: '2.0', id: 'l', error: { code: -32603, message: expect.stringContaining('listen again') } });
    await server.close();
    expect(context.answers).toHaveLength(1);
  });

  it('does not detach under an `around` hook (it watches the dispatch) or on a multiplexed transport', async () => {
    const seen: Array<JsonRpcResponse | null> = [];
    const server = makeServer({
      around: async (request: unknown, context: never, next: (r: unknown, c: never) => Promise<JsonRpcResponse | null>) => {
        const response = await next(request, context);
        seen.push(response);
        return response;
      },
    });
    const watched = new DetachingContext();
    const pending = send(server, 'subscriptions/listen', LISTEN, { context: watched, id: 'w' });
    const stdio = new DetachingContext({ multiplexed: true });
    const other = makeServer();
    const pendingStdio = send(other, 'subscriptions/listen', LISTEN, { context: stdio, id: 'm' });
    await Promise.all([watched.waitFor(1), stdio.waitFor(1)]);
    expect(watched.detaches + stdio.detaches).toBe(0);
    await server.close();
    await other.close();
    expect(await pending).toMatchObject({ id: 'w', result: { resultType: 'complete' } });
    expect(seen).toHaveLength(1); // the hook saw the stream's end, not its start
    expect(stdio.notifications.at(-1)).toMatchObject({ method: 'notifications/cancelled', params: { requestId: 'm' } });
    expect(await pendingStdio).toMatchObject({ id: 'm', result: { resultType: 'complete' } });
  });
});
