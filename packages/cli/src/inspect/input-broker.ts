import type { InputContext, InputHandlers } from '@mcpkit/client';
import type { CreateMessageResult, ElicitRequestFormParams, ElicitResult, ListRootsResult } from '@mcpkit/schema';
import { checkFormContent, formFields } from '../input/form-fields.js';
import { ApiError } from './page-server.js';
import type { EventBody, InputAsk } from './protocol.js';

/**
 * The server's input requests, answered in the page: an elicitation form (or URL), a sampling
 * request, a roots request. Each becomes an `input` event; the handler waits until the page posts
 * its answer (`/api/answer`), or until the request is cancelled (the call was cancelled, its
 * deadline passed, the server cancelled it), which withdraws it from the page. The same handlers
 * serve both eras: MRTR rounds on modern, server-initiated requests on legacy.
 */

interface Pending {
  readonly ask: InputAsk;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** Why a request was withdrawn. */
export class InputWithdrawnError extends Error {
  override readonly name = 'InputWithdrawnError';
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export class InputBroker {
  private readonly pending = new Map<string, Pending>();
  private next = 1;

  constructor(
    private readonly emit: (body: EventBody) => void,
    /** The call a request belongs to when its handler cannot tell (legacy: the one call in flight). */
    private readonly currentCall: () => string | undefined,
    private readonly era: () => 'modern' | 'legacy',
  ) {}

  /** Handlers for one page call (modern, per request), or for the session (`callId` undefined). */
  handlers(callId?: string): InputHandlers {
    const ask = <T>(kind: InputAsk['kind'], params: unknown, context: InputContext): Promise<T> => this.ask<T>(kind, params, context, callId);
    return {
      elicitation: {
        form: (params, context) => ask<ElicitResult>('elicitation-form', params, context),
        url: (params, context) => ask<ElicitResult>('elicitation-url', params, context),
      },
      sampling: (params, context) => ask<CreateMessageResult>('sampling', params, context),
      roots: (params, context) => ask<ListRootsResult>('roots', params ?? {}, context),
    };
  }

  private ask<T>(kind: InputAsk['kind'], params: unknown, context: InputContext, callId: string | undefined): Promise<T> {
    const id = `input-${this.next++}`;
    // Legacy: a server request names no call; it belongs to the one in flight, if only one is.
    const owner = callId ?? (this.era() === 'legacy' ? this.currentCall() : undefined);
    const ask: InputAsk = {
      id,
      kind,
      params: (params ?? {}) as Record<string, unknown>,
      key: context.key,
      round: context.round,
      method: context.method,
      era: this.era(),
      ...(owner !== undefined && { callId: owner }),
    };
    return new Promise<T>((resolve, reject) => {
      const withdraw = (): void => {
        if (!this.pending.delete(id)) return;
        this.emit({ type: 'input-done', id, outcome: 'cancelled' });
        reject(context.signal.reason ?? new InputWithdrawnError('the request was withdrawn'));
      };
      if (context.signal.aborted) return reject(context.signal.reason);
      context.signal.addEventListener('abort', withdraw, { once: true });
      this.pending.set(id, {
        ask,
        resolve: (result) => {
          context.signal.removeEventListener('abort', withdraw);
          resolve(result as T);
        },
        reject,
      });
      this.emit({ type: 'input', input: ask });
    });
  }

  /** The page's answer to request `id`, checked before it goes to the server. */
  answer(id: string, result: unknown): void {
    const pending = this.pending.get(id);
    if (pending === undefined) throw new ApiError(409, `input ${id} is not waiting for an answer (answered or withdrawn)`);
    const checked = checkAnswer(pending.ask, result);
    this.pending.delete(id);
    this.emit({ type: 'input-done', id, outcome: 'answered' });
    pending.resolve(checked);
  }

  /** Withdraws every waiting request (the connection is going away). */
  cancelAll(reason: Error): void {
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      this.emit({ type: 'input-done', id, outcome: 'cancelled' });
      pending.reject(reason);
    }
  }
}

/** Checks an answer against what was asked; a wrong one is refused with the reason, and the request keeps waiting. */
export function checkAnswer(ask: InputAsk, result: unknown): unknown {
  if (!isObject(result)) throw new ApiError(400, 'the answer must be a JSON object');
  switch (ask.kind) {
    case 'elicitation-form':
    case 'elicitation-url': {
      const action = result.action;
      if (action !== 'accept' && action !== 'decline' && action !== 'cancel') throw new ApiError(400, 'action must be accept, decline or cancel');
      if (ask.kind === 'elicitation-url' || action !== 'accept') return { action };
      const content = result.content ?? {};
      if (!isObject(content)) throw new ApiError(400, 'content must be an object');
      const problems = checkFormContent(
        formFields((ask.params as unknown as ElicitRequestFormParams).requestedSchema ?? { type: 'object', properties: {} }),
        content,
      );
      if (problems.length > 0) throw new ApiError(400, problems.join('; '));
      return { action, content };
    }
    case 'sampling': {
      const text = result.text;
      if (typeof text !== 'string') throw new ApiError(400, 'a sampling answer needs the text of the reply');
      const model = typeof result.model === 'string' && result.model.trim() !== '' ? result.model.trim() : 'mcpkit-inspect (typed by hand)';
      return { role: 'assistant', content: { type: 'text', text }, model, stopReason: 'endTurn' } satisfies CreateMessageResult;
    }
    case 'roots': {
      const roots = result.roots;
      if (!Array.isArray(roots)) throw new ApiError(400, 'a roots answer needs a roots array');
      return {
        roots: roots.map((root, i) => {
          if (!isObject(root) || typeof root.uri !== 'string' || !root.uri.startsWith('file://')) throw new ApiError(400, `root ${i + 1} needs a file:// uri`);
          return { uri: root.uri, ...(typeof root.name === 'string' && root.name !== '' && { name: root.name }) };
        }),
      } satisfies ListRootsResult;
    }
  }
}
