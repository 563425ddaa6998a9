import { InvalidMessageError, readMessage, type JsonRpcMessage } from '@mcpkit/jsonrpc';
import { pumpSse, SseParser } from '@mcpkit/http/toolkit';

/**
 * One legacy SSE stream read to its end, possibly over several connections: the messages of each
 * event go to `deliver`; where the stream stopped (last event id, `retry`) is kept for the next
 * connection, which resumes with `Last-Event-ID` (2025-11-25 basic/transports.mdx, "Resumability
 * and Redelivery").
 */
export class SseCursor {
  /** The last event id received on this stream (across its connections), if any. */
  lastEventId: string | undefined;
  /** The server's `retry` for this stream, if it sent one. */
  retryMs: number | undefined;

  constructor(
    private readonly deliver: (message: JsonRpcMessage) => void,
    private readonly reject: (error: Error) => void,
    private readonly maxEventChars: number,
  ) {}

  /**
   * Reads one connection's body. Resolves `true` as soon as `done()` says the stream's purpose is
   * met (its response arrived), `false` when the connection ended first. Resolves with how many
   * events arrived through `events`.
   */
  async read(body: ReadableStream<Uint8Array>, done: () => boolean): Promise<{ finished: boolean; events: number }> {
    let events = 0;
    const parser = new SseParser((event) => {
      events++;
      if (event.event !== 'message' || event.data.trim() === '') return; // a priming event: only its id matters
      const message = readMessage(event.data);
      if (message instanceof InvalidMessageError) this.reject(message);
      else this.deliver(message);
    }, this.maxEventChars);
    try {
      const finished = await pumpSse(body, parser, done);
      return { finished, events };
    } finally {
      if (parser.lastEventId !== '') this.lastEventId = parser.lastEventId;
      if (parser.retryMs !== undefined) this.retryMs = parser.retryMs;
    }
  }
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
