// Large results go out in pieces (encodeInPieces of @mcpkit/jsonrpc): the same bytes as one
// JSON.stringify line, written with backpressure, never interleaved with another message, and a
// failure in the middle fails the transport instead of letting the next message follow a cut line.
import { PassThrough, Writable } from 'node:stream';
import { LARGE_STRING_CHARS, TransportClosedError, type JsonRpcMessage } from '@mcpkit/jsonrpc';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StreamTransport } from '../src/index.js';
import { tick } from './helpers/pipes.js';

const textResult = (id: number, text: string): JsonRpcMessage => ({
  jsonrpc: '2.0',
  id,
  result: { content: [{ type: 'text', text }], resultType: 'complete' },
});

/** A large string made of everything escaping and slicing can get wrong, with surrogate pairs across slice ends. */
function trickyText(chars: number): string {
  const unit = 'a"b\\c\u0000\u001f\n\u2028é😀\ud800x\udfff𝄞';
  let text = '';
  while (text.length < chars) text += unit;
  return text;
}

/** An output whose reader takes each write only when the test says so (a slow client), counting `write()` calls. */
function slowOutput(highWaterMark = 1024) {
  const taken: Buffer[] = [];
  const waiting: Array<(error?: Error | null) => void> = [];
  const output = new Writable({
    highWaterMark,
    write(chunk: Buffer, _encoding, callback) {
      taken.push(chunk);
      waiting.push(callback);
    },
  });
  const write = output.write.bind(output) as (chunk: unknown) => boolean;
  let writes = 0;
  output.write = ((chunk: unknown) => {
    writes++;
    return write(chunk);
  }) as typeof output.write;
  return {
    output,
    taken,
    get writes() {
      return writes;
    },
    /** Lets the reader take the next write (or fail it). */
    take(error?: Error) {
      waiting.shift()?.(error ?? null);
    },
    get pending() {
      return waiting.length;
    },
    /** Takes one write per tick until `done()` says so, then whatever is still queued. */
    async drainUntil(done: () => boolean) {
      while (!done()) {
        waiting.shift()?.(null);
        await tick();
      }
      while (waiting.length > 0) waiting.shift()?.(null);
    },
  };
}

/** An output that collects every chunk it is given, at once. */
function collectingOutput() {
  const chunks: Buffer[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  return { output, chunks };
}

describe('StreamTransport with large strings', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes the same bytes as JSON.stringify and a newline, in pieces none of which holds the payload', async () => {
    const { output, chunks } = collectingOutput();
    const transport = new StreamTransport(new PassThrough(), output);
    const message = textResult(1, trickyText(LARGE_STRING_CHARS * 3 + 11));
    const expected = Buffer.from(`${JSON.stringify(message)}\n`, 'utf8');
    const stringify = vi.spyOn(JSON, 'stringify');
    await transport.send(message);
    const longestStringified = Math.max(0, ...stringify.mock.results.map((r) => (typeof r.value === 'string' ? r.value.length : 0)));
    stringify.mockRestore();
    expect(Buffer.concat(chunks).equals(expected)).toBe(true);
    // The regression guard: the result was not stringified (or written) whole.
    expect(chunks.length).toBeGreaterThan(3);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(expected.length / 2);
    expect(longestStringified).toBeLessThan(expected.length / 2);
  });

  it('waits for drain while its reader is slow instead of buffering the message', async () => {
    const slow = slowOutput();
    const transport = new StreamTransport(new PassThrough(), slow.output, { batchWrites: false });
    const message = textResult(1, 'z'.repeat(LARGE_STRING_CHARS * 4));
    let sent = false;
    const sending = transport.send(message).then(() => (sent = true));
    for (let i = 0; i < 5; i++) await tick();
    // The envelope's head and the first slice went in; the stream said it was full, so nothing more.
    expect(slow.writes).toBe(2);
    expect(slow.output.writableLength).toBeLessThanOrEqual(LARGE_STRING_CHARS + 200);
    expect(sent).toBe(false);
    while (!sent) {
      slow.take();
      await tick();
      expect(slow.output.writableLength).toBeLessThanOrEqual(LARGE_STRING_CHARS + 200);
    }
    await sending;
    while (slow.pending > 0) slow.take();
    expect(Buffer.concat(slow.taken).toString('utf8') === `${JSON.stringify(message)}\n`).toBe(true);
  });

  it('writes a message sent during a large one after it, never inside its line', async () => {
    const slow = slowOutput();
    const transport = new StreamTransport(new PassThrough(), slow.output);
    const big = textResult(1, 'y'.repeat(LARGE_STRING_CHARS * 2));
    const small = textResult(2, 'small');
    const both = Promise.all([transport.send(big), transport.send(small)]);
    let done = false;
    void both.then(() => (done = true));
    await slow.drainUntil(() => done);
    expect(Buffer.concat(slow.taken).toString('utf8') === `${JSON.stringify(big)}\n${JSON.stringify(small)}\n`).toBe(true);
  });

  it('fails the transport when the output fails in the middle of a message: nothing follows the cut line', async () => {
    const slow = slowOutput();
    const transport = new StreamTransport(new PassThrough(), slow.output);
    const closed = new Promise((resolve) => transport.onClose(resolve));
    // Observed at once (held unobserved across the awaits below, its rejection would count as unhandled).
    const first = expect(transport.send(textResult(1, 'x'.repeat(LARGE_STRING_CHARS * 3)))).rejects.toBeInstanceOf(TransportClosedError);
    await tick();
    slow.take();
    await tick();
    slow.take(new Error('EPIPE'));
    await first;
    await closed;
    await expect(transport.send(textResult(2, 'next'))).rejects.toBeInstanceOf(TransportClosedError);
    expect(Buffer.concat(slow.taken).toString('utf8').includes('"id":2')).toBe(false);
    expect(transport.canSend).toBe(false);
  });

  it('ends the output after the message going out, not in its middle, when closed meanwhile', async () => {
    const slow = slowOutput();
    const transport = new StreamTransport(new PassThrough(), slow.output);
    const message = textResult(1, 'v'.repeat(LARGE_STRING_CHARS * 2));
    const sending = transport.send(message);
    await tick();
    await transport.close();
    let finished = false;
    slow.output.on('finish', () => (finished = true));
    await slow.drainUntil(() => finished);
    await sending;
    expect(Buffer.concat(slow.taken).toString('utf8') === `${JSON.stringify(message)}\n`).toBe(true);
  });

  it('ends the output after the large message and the writes queued behind it', async () => {
    const slow = slowOutput();
    const transport = new StreamTransport(new PassThrough(), slow.output);
    const big = textResult(1, 't'.repeat(LARGE_STRING_CHARS * 2));
    const small = textResult(2, 'after');
    const sent = Promise.all([transport.send(big), transport.send(small)]);
    transport.endOutput();
    let finished = false;
    slow.output.on('finish', () => (finished = true));
    await slow.drainUntil(() => finished);
    await sent;
    expect(Buffer.concat(slow.taken).toString('utf8') === `${JSON.stringify(big)}\n${JSON.stringify(small)}\n`).toBe(true);
  });

  it('refuses a large message JSON cannot encode before writing any of it', async () => {
    const { output, chunks } = collectingOutput();
    const transport = new StreamTransport(new PassThrough(), output);
    const bad = { jsonrpc: '2.0', id: 1, result: { text: 'u'.repeat(LARGE_STRING_CHARS), n: 1n } } as unknown as JsonRpcMessage;
    await expect(transport.send(bad)).rejects.toThrow(/cannot encode/);
    expect(chunks).toHaveLength(0);
    await transport.send(textResult(2, 'still fine'));
    expect(Buffer.concat(chunks).toString('utf8')).toBe(`${JSON.stringify(textResult(2, 'still fine'))}\n`);
  });
});
