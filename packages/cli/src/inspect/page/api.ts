import { SECRET_HEADER, type InspectEvent } from '../protocol.js';

/**
 * The page's side of the API: every request carries the run's secret in a header (read once from
 * the URL mcpkit printed), so only this page, on this origin, can make them. Live events come
 * from `GET /api/events` read with fetch (an EventSource cannot send a header), resumed after the
 * last event seen when the stream drops.
 */

/** A refusal or failure the API answered with. */
export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class Api {
  constructor(private readonly secret: string) {}

  /** `POST /api/NAME` with a JSON body; resolves with the JSON answer. */
  async post<T = Record<string, unknown>>(name: string, body: Record<string, unknown> = {}): Promise<T> {
    const response = await fetch(`/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SECRET_HEADER]: this.secret },
      body: JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = { error: text };
    }
    if (!response.ok) throw new ApiFailure(response.status, String((json as { error?: unknown }).error ?? response.statusText));
    return json as T;
  }

  /** Follows the event stream from `after`, calling `onEvent` for each; resolves when the stream ends. */
  async follow(after: number, onEvent: (event: InspectEvent) => void, signal: AbortSignal): Promise<void> {
    const response = await fetch(`/api/events?after=${after}`, {
      headers: { [SECRET_HEADER]: this.secret },
      credentials: 'omit',
      cache: 'no-store',
      signal,
    });
    if (!response.ok || response.body === null) throw new ApiFailure(response.status, await response.text());
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (data !== '') onEvent(JSON.parse(data) as InspectEvent);
        end = buffer.indexOf('\n\n');
      }
    }
  }
}
