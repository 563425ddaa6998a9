/**
 * Legacy sessions over a long-lived channel (stdio): `initialize` on a channel makes that
 * channel legacy (`ctx.peer.id` names it); its server-initiated requests go out through
 * `peer.send` and their answers come back through the dispatcher's `response`.
 * spec: 2025-11-25/pages/basic/transports.mdx (stdio), basic/lifecycle.mdx
 */
import {
  TransportClosedError,
  type OutgoingRequests,
  type DispatchContext,
  type JsonObject,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type PeerChannel,
} from '@mcpkit/jsonrpc';
import type { McpServer } from '@mcpkit/server';
import type { ServerEvent } from '@mcpkit/server/events';
import { clientRequestTable, type ClientRequester, type ClientRequestOptions } from './client-requests.js';
import { concernsSession, legacyNotification, type EventFanout } from './event-fanout.js';
import { initializeSession } from './initialize.js';
import { answerLegacyRequest } from './legacy-requests.js';
import type { ResolvedOptions } from './options.js';
import { InMemorySession } from './session.js';

/** One legacy client on one channel. */
class ChannelSession implements ClientRequester {
  readonly pending: OutgoingRequests;
  initialized = false;
  transport: 'stdio' | 'http+sse' = 'stdio';

  constructor(
    readonly peer: PeerChannel,
    readonly session: InMemorySession,
    private readonly onError: (error: unknown) => void,
  ) {
    this.pending = clientRequestTable((message) => peer.send(message));
  }

  request(method: string, params: JsonObject, options: ClientRequestOptions): Promise<JsonObject> {
    return this.pending.request(method, params, { signal: options.signal, timeoutMs: options.timeoutMs });
  }

  send(message: JsonRpcNotification): void {
    this.peer.send(message).catch(this.onError);
  }
}

/** The legacy sessions of every channel that said `initialize`. */
export class ChannelSessions {
  private readonly sessions = new Map<string, ChannelSession>();
  private leave: (() => void) | undefined;

  constructor(
    private readonly server: McpServer,
    private readonly options: ResolvedOptions,
    private readonly fanout: EventFanout,
  ) {}

  /** Whether `peer` runs a legacy session. */
  has(peer: PeerChannel): boolean {
    return this.sessions.has(peer.id);
  }

  /** Answers `initialize` on a channel that has no session yet, and makes the channel legacy. */
  async initialize(request: JsonRpcRequest, peer: PeerChannel, transport: 'stdio' | 'http+sse' = 'stdio'): Promise<JsonRpcResponse> {
    const outcome = initializeSession(this.server, this.options.legacyProtocolVersions, request, this.options.extensions);
    if (!outcome.ok) return outcome.response;
    const channel = new ChannelSession(peer, new InMemorySession(outcome.state), this.options.onError);
    channel.transport = transport;
    this.sessions.set(peer.id, channel);
    peer.onClose(() => this.drop(peer.id));
    this.leave ??= await this.fanout.add((event) => this.deliver(event));
    this.options.onSessionStart?.({
      id: peer.id,
      transport,
      protocolVersion: outcome.state.protocolVersion,
      clientInfo: outcome.state.clientInfo,
      clientCapabilities: outcome.state.clientCapabilities,
    });
    return { jsonrpc: '2.0', id: request.id, result: outcome.result };
  }

  /** Answers a request of the channel's session. */
  answer(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse | null> {
    const channel = this.sessions.get(context.peer!.id)!;
    return answerLegacyRequest(this.server, this.options, {
      request,
      session: channel.session,
      sessionId: context.peer!.id,
      signal: context.signal,
      transport: context.transport,
      peer: context.peer,
      notify: (notification) => context.notify(notification),
      requester: channel,
    });
  }

  /** A notification from a legacy client (`initialized`, `roots/list_changed`...). */
  notification(notification: JsonRpcNotification, peer: PeerChannel): void {
    const channel = this.sessions.get(peer.id);
    if (channel && notification.method === 'notifications/initialized') channel.initialized = true;
    // notifications/roots/list_changed needs nothing: roots are asked for afresh in each input round.
  }

  /** A response from a legacy client to one of our requests; false when nothing waits for it. */
  response(response: JsonRpcResponse, peer: PeerChannel): boolean {
    return this.sessions.get(peer.id)?.pending.settle(response) ?? false;
  }

  /** Whether `id` names a session of this process. */
  hasId(id: string): boolean {
    return this.sessions.has(id);
  }

  /** Pings the client of a channel session; resolves when it answered. */
  async ping(id: string, timeoutMs: number): Promise<void> {
    const channel = this.sessions.get(id);
    if (!channel) throw new TransportClosedError(`No legacy session ${id}`);
    await channel.request('ping', {}, { signal: new AbortController().signal, timeoutMs });
  }

  /** Ends every session (their waiting requests fail). */
  close(): void {
    for (const id of [...this.sessions.keys()]) this.drop(id);
    this.leave?.();
    this.leave = undefined;
  }

  private drop(id: string): void {
    const channel = this.sessions.get(id);
    if (!channel) return;
    this.sessions.delete(id);
    channel.pending.failAll(new TransportClosedError('The legacy session ended'));
    this.options.onSessionEnd?.({ id, transport: channel.transport, reason: 'closed' });
  }

  private deliver(event: ServerEvent): void {
    if (this.sessions.size === 0) return;
    const notification = legacyNotification(event, this.server.capabilities);
    if (!notification) return;
    for (const channel of this.sessions.values()) {
      if (concernsSession(event, channel.session.state.subscriptions)) channel.send(notification);
    }
  }
}
