import {
  ResponseError,
  errorResponse,
  successResponse,
  type DispatchContext,
  type Dispatcher,
  type JsonObject,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type RequestId,
} from '@mcpkit/jsonrpc';
import { ModernClient, type ModernClientOptions } from '../../src/index.js';
import { LoopbackTransport } from './loopback.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyParams = Record<string, any>;

/** Answers one method: a result object, `null` for "no response" (cancelled), or throws `ResponseError`. */
export type FakeHandler = (params: AnyParams, context: DispatchContext, request: JsonRpcRequest) => unknown | Promise<unknown>;

/**
 * A hand-written server for unit tests: one function per method, and a record of every request
 * it received (so tests can assert what went over the wire).
 */
/** A request as the server received it, with loosely typed params for assertions. */
export interface ReceivedRequest {
  id: RequestId;
  method: string;
  params: AnyParams;
}

export class FakeServer implements Dispatcher {
  readonly requests: ReceivedRequest[] = [];

  constructor(private readonly handlers: Record<string, FakeHandler> = {}) {}

  /** Replaces the handler of `method`. */
  on(method: string, handler: FakeHandler): this {
    this.handlers[method] = handler;
    return this;
  }

  /** The requests received for `method`, in order. */
  received(method: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.method === method);
  }

  async dispatch(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse | null> {
    this.requests.push(request as ReceivedRequest);
    const handler = this.handlers[request.method];
    if (handler === undefined) return errorResponse(request.id, -32601, `Method not found: ${request.method}`);
    try {
      const result = await handler(request.params ?? {}, context, request);
      if (result === null || context.signal.aborted) return null;
      return successResponse(request.id, result as JsonObject);
    } catch (error) {
      if (error instanceof ResponseError) return errorResponse(request.id, error.code, error.message, error.data);
      throw error;
    }
  }
}

/** A complete result. */
export function done<T extends object>(result: T): T & { resultType: 'complete' } {
  return { resultType: 'complete', ...result };
}

/** A cacheable complete result. */
export function cacheable<T extends object>(
  result: T,
  ttlMs = 0,
  cacheScope: 'public' | 'private' = 'public',
): T & { resultType: 'complete'; ttlMs: number; cacheScope: string } {
  return { resultType: 'complete', ttlMs, cacheScope, ...result };
}

/** A text tool result. */
export function text(value: string): { resultType: 'complete'; content: Array<{ type: 'text'; text: string }> } {
  return { resultType: 'complete', content: [{ type: 'text', text: value }] };
}

/** A client on a loopback to `server`, with warnings collected instead of printed. */
export function connect(
  server: Dispatcher,
  options: ModernClientOptions & { kind?: 'stream' | 'exchange' } = {},
): { client: ModernClient; transport: LoopbackTransport; warnings: string[] } {
  const transport = new LoopbackTransport(server, options.kind ?? 'stream');
  const warnings: string[] = [];
  const client = new ModernClient(transport, { onWarning: (w) => warnings.push(w), ...options });
  return { client, transport, warnings };
}
