/**
 * Legacy Streamable HTTP on the modern handler's `intercept` hook: `initialize` mints a session,
 * and every message carrying `Mcp-Session-Id` (requests, notifications, the client's responses,
 * GET streams, DELETE) is served here; modern traffic passes through untouched.
 * spec: 2025-11-25/pages/basic/transports.mdx; DIGEST §23 (dispatch on era first, then on method)
 */
import type { InterceptContext, InterceptRequest } from '@mcpkit/http';
import { emptyResponse, jsonResponse, jsonRpcErrorResponse } from '@mcpkit/http/toolkit';
import {
  JsonRpcErrorCode,
  isNotification,
  isRequest,
  isRequestId,
  TransportClosedError,
  type JsonObject,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type RequestId,
} from '@mcpkit/jsonrpc';
import { readProtocolVersion } from '@mcpkit/schema';
import type { McpServer } from '@mcpkit/server';
import { isLegacyVersion } from '../../shared/versions.js';
import type { ClientRequestOptions } from '../client-requests.js';
import type { EventFanout } from '../event-fanout.js';
import { initializeSession } from '../initialize.js';
import { answerLegacyRequest } from '../legacy-requests.js';
import type { ResolvedOptions } from '../options.js';
import { PostReply } from './post-reply.js';
import { SessionStreams } from './session-streams.js';
import { mintSessionId } from './session-id.js';
import type { SessionRecord, SessionStore } from './session-store.js';
import { storeUnavailable } from './store-unavailable.js';
import { interned } from '../interned.js';
import { principalKey, StoredSession } from './stored-session.js';

const SESSION_HEADER = 'mcp-session-id';
const NO_SUBSCRIPTIONS: readonly string[] = Object.freeze([]);
const VERSION_HEADER = 'mcp-protocol-version';

/** Whether a POSTed message without a session belongs to the modern era (DIGEST §12, conformance §2.1). */
function isModernMessage(message: unknown, versionHeader: string | null): boolean {
  if (versionHeader !== null && !isLegacyVersion(versionHeader)) return true;
  return readProtocolVersion((message as { params?: { _meta?: unknown } }).params?._meta) !== undefined;
}

const refuse = (status: number, id: RequestId | null | undefined, message: string, code: number = JsonRpcErrorCode.InvalidRequest) =>
  jsonRpcErrorResponse(status, id, code, message);

/** The legacy HTTP side of one dual-era server. */
export class LegacyHttp extends SessionStreams {
  constructor(server: McpServer, options: ResolvedOptions, store: SessionStore, fanout: EventFanout) {
    super(server, options, store, fanout);
  }

  /**
   * The `intercept` hook of `createHttpHandler`. A session store that fails (a shared store out of
   * reach) is answered 503 with `Retry-After`: the client keeps its session and retries, and is
   * never told 404 nor served another session.
   */
  async intercept(request: InterceptRequest, body: unknown, context: InterceptContext): Promise<Response | undefined> {
    try {
      return await this.serveIntercepted(request, body, context);
    } catch (error) {
      this.options.onError(error);
      const id = body !== null && typeof body === 'object' && isRequest(body as JsonRpcMessage) ? (body as JsonRpcRequest).id : undefined;
      return storeUnavailable(id);
    }
  }

  private async serveIntercepted(request: InterceptRequest, body: unknown, context: InterceptContext): Promise<Response | undefined> {
    const sessionId = request.headers.get(SESSION_HEADER);
    if (request.method !== 'POST') {
      // GET and DELETE exist only for sessions; without one the modern answer (405) stands.
      if (sessionId === null) return this.options.modern ? undefined : refuse(400, undefined, 'Bad Request: Mcp-Session-Id header is required');
      const record = await this.findSession(sessionId, context);
      if (!record) return refuse(404, undefined, 'Session not found: initialize a new session');
      if (request.method === 'DELETE') {
        await this.store.delete(record.id);
        this.options.onSessionEnd?.({ id: record.id, transport: 'http', reason: 'deleted' });
        return emptyResponse(200);
      }
      return this.openGet(request, record);
    }
    const message = body as JsonRpcMessage;
    const id = isRequest(message) ? message.id : undefined;
    if (sessionId === null) {
      if (this.options.modern && isModernMessage(message, request.headers.get(VERSION_HEADER))) return undefined;
      if (isRequest(message) && message.method === 'initialize') return this.initialize(message, context);
      // spec: a server that requires a session answers 400 when the header is missing
      return refuse(400, id, 'Bad Request: Mcp-Session-Id header is required (send initialize first, or _meta for MCP 2026-07-28)');
    }
    const record = await this.findSession(sessionId, context);
    // spec: 404 means the session ended; the client starts over with initialize
    if (!record) return refuse(404, id, 'Session not found: initialize a new session');
    const version = request.headers.get(VERSION_HEADER);
    if (version !== null && version !== record.protocolVersion) {
      return refuse(400, id, `MCP-Protocol-Version ${version} does not match the session's ${record.protocolVersion}`);
    }
    // Another replica may have opened the session: hear the store's signals (answers, cancellations) before serving it.
    await this.ready();
    if (isRequest(message)) return this.serveRequest(message, record, context);
    if (isNotification(message)) {
      await this.notification(message, record);
      return emptyResponse(202);
    }
    return this.clientResponse(message as JsonRpcResponse, record);
  }

  private async findSession(sessionId: string, context: InterceptContext): Promise<SessionRecord | undefined> {
    const record = await this.store.get(sessionId);
    // A session answers only the caller that opened it (session hijacking, basic/security_best_practices.mdx).
    return record && record.principal === principalKey(context.principal) ? record : undefined;
  }

  private async initialize(request: JsonRpcRequest, context: InterceptContext): Promise<Response> {
    const outcome = initializeSession(this.server, this.options.legacyProtocolVersions, request, this.options.extensions);
    if (!outcome.ok) return jsonResponse(outcome.response);
    await this.ready();
    const now = Date.now();
    const principal = principalKey(context.principal);
    const { state } = outcome;
    // One literal of one shape (no spreads), with shared client descriptions: idle sessions stay small.
    const record: SessionRecord = {
      id: mintSessionId(),
      protocolVersion: state.protocolVersion,
      clientCapabilities: interned(state.clientCapabilities),
      clientInfo: interned(state.clientInfo),
      subscriptions: NO_SUBSCRIPTIONS,
      initialized: false,
      principal,
      clientAddress: context.clientAddress,
      createdAt: now,
      lastSeenAt: now,
    };
    if (!(await this.store.create(record))) {
      // Only when every session the cap counts is in use: idle ones are evicted to make room.
      return jsonRpcErrorResponse(503, request.id, JsonRpcErrorCode.InternalError, 'Too many sessions in use: try again later', undefined, {
        'retry-after': '5',
      });
    }
    this.options.onSessionStart?.({
      id: record.id,
      transport: 'http',
      protocolVersion: record.protocolVersion,
      clientInfo: record.clientInfo,
      clientCapabilities: record.clientCapabilities,
    });
    return jsonResponse({ jsonrpc: '2.0', id: request.id, result: outcome.result }, 200, { 'mcp-session-id': record.id });
  }

  private serveRequest(request: JsonRpcRequest, record: SessionRecord, context: InterceptContext): Promise<Response> | Response {
    const running = this.inflightOf(record.id);
    if (running.has(request.id)) {
      return jsonResponse({
        jsonrpc: '2.0',
        id: request.id,
        error: { code: JsonRpcErrorCode.InvalidRequest, message: `Request id ${JSON.stringify(request.id)} is already in use in this session` },
      });
    }
    const controller = new AbortController();
    running.set(request.id, controller);
    this.inUse(record.id);
    const reply = new PostReply(this, record.id, request);
    const session = new StoredSession(this.store, record.id, record);
    void (async () => {
      let response: JsonRpcResponse | null;
      try {
        response = await answerLegacyRequest(this.server, this.options, {
          request,
          session,
          sessionId: record.id,
          signal: controller.signal,
          transport: context.transport,
          notify: (notification) => reply.send(notification),
          requester: { request: (method, params, options) => this.clientRequest(record.id, reply, method, params, options) },
        });
      } catch (error) {
        this.options.onError(error);
        response = { jsonrpc: '2.0', id: request.id, error: { code: JsonRpcErrorCode.InternalError, message: 'Internal error' } };
      } finally {
        this.finished(record.id, request.id);
      }
      await reply.finish(controller.signal.aborted ? null : response);
    })().catch(this.options.onError);
    return reply.response;
  }

  /** Sends a server-initiated request on the POST's stream if the client still reads it, else on the GET stream. */
  private clientRequest(sessionId: string, reply: PostReply, method: string, params: JsonObject, options: ClientRequestOptions): Promise<JsonObject> {
    const related = options.relatedRequestId === undefined ? {} : { relatedRequestId: options.relatedRequestId };
    const via = async (message: JsonRpcMessage): Promise<void> => {
      // The request is stored before it is sent, so an answer reaching another replica finds it.
      if ('method' in message && 'id' in message)
        await this.store.addPending(sessionId, { id: String(message.id), method, expiresAt: Date.now() + options.timeoutMs, ...related });
      return this.route(sessionId, reply, message);
    };
    return this.waitersOf(sessionId).request(method, params, { signal: options.signal, timeoutMs: options.timeoutMs, via });
  }

  /** Pings the client of a session on its GET stream (the only way to reach it outside a request). */
  async ping(sessionId: string, timeoutMs: number): Promise<void> {
    const standalone = this.standaloneOf(sessionId);
    if (!standalone?.connected) throw new TransportClosedError(`Session ${sessionId} has no open GET stream on this server to send a ping on`);
    const via = async (message: JsonRpcMessage): Promise<void> => {
      if ('method' in message && 'id' in message)
        await this.store.addPending(sessionId, { id: String(message.id), method: 'ping', expiresAt: Date.now() + timeoutMs });
      return standalone.send(message);
    };
    await this.waitersOf(sessionId).request('ping', undefined, { timeoutMs, via });
  }

  private route(sessionId: string, reply: PostReply, message: JsonRpcMessage): Promise<void> {
    if (reply.reachable) return reply.send(message);
    const standalone = this.standaloneOf(sessionId);
    return standalone?.connected ? standalone.send(message) : reply.send(message);
  }

  private async notification(notification: JsonRpcNotification, record: SessionRecord): Promise<void> {
    if (notification.method === 'notifications/initialized') {
      await this.store.update(record.id, { initialized: true });
    } else if (notification.method === 'notifications/cancelled') {
      // spec: basic/utilities/cancellation.mdx — unknown or malformed cancellations are ignored
      const { requestId, reason } = notification.params ?? {};
      if (!isRequestId(requestId)) return;
      const why = typeof reason === 'string' ? reason : 'cancelled by the client';
      if (!this.cancelLocal(record.id, requestId, why)) await this.store.publish({ type: 'cancelled', sessionId: record.id, requestId, reason: why });
    }
    // notifications/roots/list_changed needs nothing: roots are asked for afresh in each input round.
  }

  private async clientResponse(response: JsonRpcResponse, record: SessionRecord): Promise<Response> {
    const id = response.id;
    const pending = isRequestId(id) ? await this.store.takePending(record.id, id) : undefined;
    if (!pending) return refuse(400, undefined, `No request with id ${JSON.stringify(id)} waits for an answer in this session`);
    if (!this.waitersOf(record.id).settle(response)) await this.store.publish({ type: 'settled', sessionId: record.id, response });
    return emptyResponse(202);
  }
}
