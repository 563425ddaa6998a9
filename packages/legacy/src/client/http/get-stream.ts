import { HttpError } from '@mcpkit/http';
import type { JsonRpcMessage } from '@mcpkit/jsonrpc';
import { SessionExpiredError } from '../errors.js';
import { readExcerpt } from '@mcpkit/http/toolkit';
import { delay, SseCursor } from './sse-stream.js';

/**
 * The standalone GET stream of a legacy HTTP session (2025-11-25 basic/transports.mdx, "Listening
 * for Messages from the Server"): server requests and notifications not tied to a client request.
 * 405 means the server offers none, and that is the end of it. When the server closes it, the
 * client reconnects after `retry` (or the default delay) with `Last-Event-ID`; failures back off and
 * give up after `maxReconnects` in a row. 404 ends the session (`SessionExpiredError` to `report`).
 */

/** What the GET stream needs from its transport. */
export interface GetStreamHost {
  get(lastEventId: string | undefined, signal: AbortSignal): Promise<Response>;
  deliver(message: JsonRpcMessage): void;
  report(error: Error): void;
}

/** Stream settings. */
export interface GetStreamSettings {
  reconnectDelayMs?: number;
  maxReconnects?: number;
  maxMessageBytes?: number;
}

/** Keeps the GET stream open until `signal` aborts, the server refuses it, or it fails too often. */
export async function openGetStream(host: GetStreamHost, signal: AbortSignal, settings: GetStreamSettings): Promise<void> {
  const cursor = new SseCursor(
    (message) => host.deliver(message),
    (error) => host.report(error),
    settings.maxMessageBytes ?? 16 * 1024 * 1024,
  );
  const baseDelay = settings.reconnectDelayMs ?? 1000;
  const maxFailures = settings.maxReconnects ?? 5;
  let failures = 0;
  try {
    while (!signal.aborted) {
      const response = await host.get(cursor.lastEventId, signal);
      const type = (response.headers.get('content-type') ?? '').toLowerCase();
      if (response.status === 405) {
        await response.body?.cancel();
        return; // the server offers no GET stream: everything comes on POST streams
      }
      if (!response.ok || !type.startsWith('text/event-stream') || response.body === null) {
        const error = new HttpError(response.status, response.statusText, await readExcerpt(response));
        if (++failures > maxFailures) {
          host.report(new Error(`The GET stream was given up after ${maxFailures} failed attempts: ${error.message}`, { cause: error }));
          return;
        }
        await delay(backoff(baseDelay, failures), signal);
        continue;
      }
      const { events } = await cursor.read(response.body, () => signal.aborted);
      if (events > 0) failures = 0;
      else failures++;
      if (failures > maxFailures) {
        host.report(new Error(`The GET stream was given up: it closed ${failures} times in a row without an event`));
        return;
      }
      // The server closed the connection, not the session: poll again after its `retry`.
      await delay(cursor.retryMs ?? backoff(baseDelay, failures), signal);
    }
  } catch (error) {
    if (signal.aborted) return;
    if (error instanceof SessionExpiredError) host.report(error);
    else host.report(new Error(`The GET stream failed: ${(error as Error).message}`, { cause: error }));
  }
}

/** `base * 2^(failures-1)` (at least `base`), capped at 30 s. */
function backoff(base: number, failures: number): number {
  return Math.min(30_000, base * 2 ** Math.max(0, failures - 1));
}
