import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from '../../src/client/http/sse-parser.js';

/**
 * The SSE parser keeps what resumption needs: the last event id even from an event without data
 * (a priming event), and `retry`.
 * spec: 2025-11-25/pages/basic/transports.mdx ("Resumability and Redelivery"), the WHATWG event-stream format
 */

function parse(chunks: string[]): { events: SseEvent[]; parser: SseParser } {
  const events: SseEvent[] = [];
  const parser = new SseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { events, parser };
}

describe('SseParser', () => {
  it('keeps the id and retry of a priming event, with or without its empty data line', () => {
    expect(parse(['id: event-1\nretry: 500\ndata: \n\n']).parser).toMatchObject({ lastEventId: 'event-1', retryMs: 500 });
    const bare = parse(['id: p-0\n\n']);
    expect(bare.events).toEqual([]);
    expect(bare.parser.lastEventId).toBe('p-0');
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

  it('ignores an id containing NUL and a retry that is not all digits', () => {
    const { parser } = parse(['id: good\nretry: 300\n\nid: b\0ad\nretry: 1.5\n\n']);
    expect(parser).toMatchObject({ lastEventId: 'good', retryMs: 300 });
  });

  it('drops an event cut off by the end of the stream', () => {
    expect(parse(['data: complete\n\ndata: cut']).events.map((e) => e.data)).toEqual(['complete']);
  });

  it('refuses an event larger than the limit', () => {
    const parser = new SseParser(() => undefined, 10);
    expect(() => parser.push('data: 0123456789abcdef\n')).toThrow(/larger than 10/);
  });
});
