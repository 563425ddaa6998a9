import { describe, expect, it } from 'vitest';
import { encodeSseEvent, pumpSse, SseEventTooLargeError, SseParser, type ParsedSseEvent } from '../src/toolkit.js';

/**
 * The SSE reader of both clients. It follows the WHATWG event-stream interpretation
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation) and keeps
 * what legacy resumption needs: the last event id even from an event without data (a priming event), and `retry`.
 * spec: 2025-11-25/pages/basic/transports.mdx ("Resumability and Redelivery")
 */

function parse(chunks: string[]): { events: ParsedSseEvent[]; parser: SseParser } {
  const events: ParsedSseEvent[] = [];
  const parser = new SseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { events, parser };
}

/** Every split of `text` into two chunks parses to the same events. */
function everySplit(text: string): ParsedSseEvent[][] {
  const results: ParsedSseEvent[][] = [];
  for (let i = 0; i <= text.length; i++) results.push(parse([text.slice(0, i), text.slice(i)]).events);
  return results;
}

describe('the standard’s examples', () => {
  it('joins three data lines into one message event', () => {
    expect(parse(['data: YHOO\ndata: +2\ndata: 10\n\n']).events).toEqual([{ event: 'message', data: 'YHOO\n+2\n10', id: undefined }]);
  });

  it('skips a comment, sets the id, resets it with a bare "id", and removes only one leading space', () => {
    const stream = ': test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n';
    const { events, parser } = parse([stream]);
    expect(events).toEqual([
      { event: 'message', data: 'first event', id: '1' },
      { event: 'message', data: 'second event', id: undefined },
      { event: 'message', data: ' third event', id: undefined },
    ]);
    expect(parser.lastEventId).toBe('');
  });

  it('dispatches an empty event and a one-newline event, and drops the unterminated last one', () => {
    expect(parse(['data\n\ndata\ndata\n\ndata:']).events.map((e) => e.data)).toEqual(['', '\n']);
  });

  it('treats "data:test" and "data: test" alike', () => {
    expect(parse(['data:test\n\ndata: test\n\n']).events.map((e) => e.data)).toEqual(['test', 'test']);
  });

  it('gives the same events whatever the chunking', () => {
    const stream = 'event: ping\r\nid: 9\r\ndata: a\r\n\r\n: c\rdata: b\r\r';
    for (const events of everySplit(stream)) {
      expect(events).toEqual([
        { event: 'ping', data: 'a', id: '9' },
        { event: 'message', data: 'b', id: '9' },
      ]);
    }
  });
});

describe('what resumption needs', () => {
  it('keeps the id and retry of a priming event, with or without its empty data line', () => {
    expect(parse(['id: event-1\nretry: 500\ndata: \n\n']).parser).toMatchObject({ lastEventId: 'event-1', retryMs: 500 });
    const bare = parse(['id: p-0\n\n']);
    expect(bare.events).toEqual([]);
    expect(bare.parser.lastEventId).toBe('p-0');
  });

  it('moves the last event id only when an event is dispatched: an event cut off by the end of the stream does not count', () => {
    const { events, parser } = parse(['id: 1\ndata: complete\n\nid: 2\ndata: cut']);
    expect(events.map((e) => e.data)).toEqual(['complete']);
    expect(parser.lastEventId).toBe('1');
  });

  it('joins data lines, names the event type, and tags each event with the last id', () => {
    const { events } = parse(['event: message\ndata: {"a":\ndata: 1}\nid: 7\n\n', 'data: next\n\n']);
    expect(events).toEqual([
      { event: 'message', data: '{"a":\n1}', id: '7' },
      { event: 'message', data: 'next', id: '7' },
    ]);
  });

  it('reads CRLF and CR line ends, even split across chunks, and skips comments and a BOM', () => {
    const { events } = parse(['\ufeff: keep-alive\r', '\ndata: one\r', '\n\r', '\ndata: two\r\rdata: three\n\n']);
    expect(events.map((e) => e.data)).toEqual(['one', 'two', 'three']);
  });

  it('ignores an id containing NUL, a retry that is not all digits, and unknown fields', () => {
    const { parser, events } = parse(['id: good\nretry: 300\n\nid: b\0ad\nretry: 1.5\nfoo: bar\ndata: x\n\n']);
    expect(parser).toMatchObject({ lastEventId: 'good', retryMs: 300 });
    expect(events).toEqual([{ event: 'message', data: 'x', id: 'good' }]);
  });

  it('refuses a line or an event larger than the limit', () => {
    expect(() => new SseParser(() => undefined, 10).push('data: 0123456789abcdef\n')).toThrow(SseEventTooLargeError);
    expect(() => new SseParser(() => undefined, 10).push('data: 0123456789abcdef')).toThrow(/longer than 10/);
  });
});

describe('pumpSse', () => {
  const body = (chunks: string[]): ReadableStream<Uint8Array> => {
    const bytes = chunks.map((c) => new TextEncoder().encode(c));
    return new ReadableStream({ pull: (controller) => (bytes.length > 0 ? controller.enqueue(bytes.shift()!) : controller.close()) });
  };

  it('reads what encodeSseEvent writes, a multi-byte character split across chunks included', async () => {
    const text = encodeSseEvent({ data: 'héllo\nwörld', id: 'x', event: 'message' }) + encodeSseEvent({ data: '2' });
    const raw = new TextEncoder().encode(text);
    const events: ParsedSseEvent[] = [];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(raw.subarray(0, 9)); // splits the two bytes of é
        controller.enqueue(raw.subarray(9));
        controller.close();
      },
    });
    await expect(pumpSse(stream, new SseParser((e) => events.push(e)))).resolves.toBe(false);
    expect(events).toEqual([
      { event: 'message', data: 'héllo\nwörld', id: 'x' },
      { event: 'message', data: '2', id: 'x' },
    ]);
  });

  it('skips exactly one leading BOM', async () => {
    const events: ParsedSseEvent[] = [];
    await pumpSse(body(['\ufeff\ufeffdata: a\n\n']), new SseParser((e) => events.push(e)));
    expect(events).toEqual([]); // the second BOM starts a field named "\ufeffdata", which is unknown
  });

  it('stops when told, after the chunk that satisfied it', async () => {
    const events: ParsedSseEvent[] = [];
    const stopped = await pumpSse(body(['data: 1\n\n', 'data: 2\n\n']), new SseParser((e) => events.push(e)), () => events.length > 0);
    expect(stopped).toBe(true);
    expect(events.map((e) => e.data)).toEqual(['1']);
  });
});
