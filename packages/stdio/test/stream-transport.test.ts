import { PassThrough, Writable } from 'node:stream';
import { Connection, InvalidMessageError, MessageTooLargeError, TransportClosedError, type CloseInfo, type JsonRpcMessage } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import { StreamTransport, serveStdio } from '../src/index.js';
import { tick } from './helpers/pipes.js';

/** A writable that accepts nothing until `release()`: a peer that stopped reading. */
function stalledOutput() {
  const pending: Array<() => void> = [];
  const chunks: string[] = [];
  const output = new Writable({
    highWaterMark: 64,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString());
      pending.push(callback);
    },
  });
  return { output, chunks, release: () => pending.splice(0).forEach((done) => done()) };
}

describe('StreamTransport', () => {
  it('send resolves only once the output has room again (backpressure)', async () => {
    const { output, release } = stalledOutput();
    const transport = new StreamTransport(new PassThrough(), output, { batchWrites: false });
    const big = { jsonrpc: '2.0' as const, method: 'm', params: { text: 'x'.repeat(200) } };
    let first = false;
    let second = false;
    void transport.send(big).then(() => (first = true));
    void transport.send(big).then(() => (second = true));
    await tick();
    expect([first, second]).toEqual([false, false]);
    release();
    await tick();
    release();
    await tick();
    expect([first, second]).toEqual([true, true]);
  });

  it('writers waiting for drain fail with TransportClosedError when the output breaks', async () => {
    const { output } = stalledOutput();
    const transport = new StreamTransport(new PassThrough(), output);
    const closes: CloseInfo[] = [];
    transport.onClose((info) => closes.push(info));
    const waiting = transport.send({ jsonrpc: '2.0', method: 'm', params: { text: 'x'.repeat(500) } });
    output.destroy(new Error('write EPIPE'));
    await expect(waiting).rejects.toBeInstanceOf(TransportClosedError);
    await expect(transport.send({ jsonrpc: '2.0', method: 'n' })).rejects.toThrow(/output stream failed: write EPIPE/);
    expect(closes).toHaveLength(1);
    expect(transport.canSend).toBe(false);
  });

  it('by default, the sends of one tick reach the stream as one write, in order', async () => {
    const calls: string[][] = [];
    const output = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        calls.push([chunk.toString()]);
        callback();
      },
      writev(chunks, callback) {
        calls.push(chunks.map(({ chunk }) => (chunk as Buffer).toString()));
        callback();
      },
    });
    const transport = new StreamTransport(new PassThrough(), output);
    await Promise.all([1, 2, 3].map((n) => transport.send({ jsonrpc: '2.0', method: `m${n}` })));
    await transport.send({ jsonrpc: '2.0', method: 'later' });
    await transport.flush();
    expect(calls).toEqual([
      ['{"jsonrpc":"2.0","method":"m1"}\n{"jsonrpc":"2.0","method":"m2"}\n{"jsonrpc":"2.0","method":"m3"}\n'],
      ['{"jsonrpc":"2.0","method":"later"}\n'],
    ]);
  });

  it('a burst of sends in one tick goes out in writes of 16 lines, the first before the tick ends, in order', async () => {
    // Holding all 40 until the end of the tick would leave the peer idle while they are produced.
    const writes: string[] = [];
    const output = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        writes.push(chunk.toString());
        callback();
      },
    });
    const transport = new StreamTransport(new PassThrough(), output);
    const sent: Array<Promise<void>> = [];
    const lines: string[] = [];
    for (let n = 0; n < 40; n++) {
      sent.push(transport.send({ jsonrpc: '2.0', method: `m${n}` }));
      lines.push(`{"jsonrpc":"2.0","method":"m${n}"}\n`);
      if (n === 15) expect(writes).toEqual([lines.join('')]); // still in the same tick
    }
    await Promise.all(sent);
    expect(writes.map((text) => text.split('\n').length - 1)).toEqual([16, 16, 8]);
    expect(writes.join('')).toBe(lines.join(''));
  });

  it('a large message is written at once, not held for the rest of the tick', async () => {
    const writes: string[] = [];
    const output = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        writes.push(chunk.toString());
        callback();
      },
    });
    const transport = new StreamTransport(new PassThrough(), output);
    const small = transport.send({ jsonrpc: '2.0', method: 'small' });
    const large = transport.send({ jsonrpc: '2.0', method: 'large', params: { text: 'x'.repeat(70_000) } });
    expect(writes).toHaveLength(1);
    expect(writes[0]!.startsWith('{"jsonrpc":"2.0","method":"small"}\n{"jsonrpc":"2.0","method":"large"')).toBe(true);
    await Promise.all([small, large]);
  });

  it('sends of a burst batched by 16 still resolve only once the output has room again (backpressure)', async () => {
    const { output, chunks, release } = stalledOutput();
    const transport = new StreamTransport(new PassThrough(), output);
    let resolved = 0;
    for (let n = 0; n < 40; n++) void transport.send({ jsonrpc: '2.0', method: `m${n}` }).then(() => resolved++);
    await tick();
    expect(resolved).toBe(0);
    for (let round = 0; round < 5; round++) {
      release();
      await tick();
    }
    expect(resolved).toBe(40);
    expect(chunks.join('').split('\n').slice(0, 40)).toEqual(Array.from({ length: 40 }, (_, n) => `{"jsonrpc":"2.0","method":"m${n}"}`));
  });

  it('a batch waiting for drain fails with TransportClosedError when the output breaks, and a bad message fails alone', async () => {
    const { output } = stalledOutput();
    const transport = new StreamTransport(new PassThrough(), output);
    const big = { jsonrpc: '2.0' as const, method: 'm', params: { text: 'x'.repeat(20_000) } };
    const first = expect(transport.send(big)).rejects.toBeInstanceOf(TransportClosedError);
    const bad = transport.send({ jsonrpc: '2.0', method: 'm', params: { n: 10n } });
    const second = expect(transport.send(big)).rejects.toBeInstanceOf(TransportClosedError);
    await expect(bad).rejects.toBeInstanceOf(InvalidMessageError);
    await tick();
    output.destroy(new Error('write EPIPE'));
    await first;
    await second;
  });

  it('close() writes the messages of its own tick before ending the output', async () => {
    const output = new PassThrough();
    const chunks: string[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const transport = new StreamTransport(new PassThrough(), output);
    const sent = transport.send({ jsonrpc: '2.0', method: 'last' });
    await transport.close();
    await expect(sent).resolves.toBeUndefined();
    await tick();
    expect(chunks.join('')).toBe('{"jsonrpc":"2.0","method":"last"}\n');
    await expect(transport.send({ jsonrpc: '2.0', method: 'late' })).rejects.toBeInstanceOf(TransportClosedError);
  });

  it('with batchWrites: false, each send is its own write', async () => {
    const calls: string[] = [];
    const output = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        calls.push(chunk.toString());
        callback();
      },
    });
    const transport = new StreamTransport(new PassThrough(), output, { batchWrites: false });
    await Promise.all([1, 2].map((n) => transport.send({ jsonrpc: '2.0', method: `m${n}` })));
    expect(calls).toEqual(['{"jsonrpc":"2.0","method":"m1"}\n', '{"jsonrpc":"2.0","method":"m2"}\n']);
  });

  it('refuses a message JSON cannot encode and stays usable', async () => {
    const output = new PassThrough();
    const transport = new StreamTransport(new PassThrough(), output);
    await expect(transport.send({ jsonrpc: '2.0', method: 'm', params: { n: 10n } })).rejects.toBeInstanceOf(InvalidMessageError);
    await transport.send({ jsonrpc: '2.0', method: 'ok' });
    await transport.flush();
    expect(output.read().toString()).toBe('{"jsonrpc":"2.0","method":"ok"}\n');
  });

  it('delivers messages, reports bad lines, and closes once at the end of input', async () => {
    const input = new PassThrough();
    const transport = new StreamTransport(input, new PassThrough());
    const messages: JsonRpcMessage[] = [];
    const errors: Error[] = [];
    const closes: CloseInfo[] = [];
    transport.onMessage((m) => messages.push(m));
    transport.onError((e) => errors.push(e));
    transport.onClose((info) => closes.push(info));
    await transport.start();
    input.write('{"jsonrpc":"2.0","method":"a"}\nnot json\n{"jsonrpc":"2.0","met');
    input.end('hod":"b"}');
    await tick();
    expect(messages.map((m) => (m as { method: string }).method)).toEqual(['a', 'b']);
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/^Parse error/)]);
    expect(closes).toHaveLength(1);
    expect(closes[0]!.error).toBeInstanceOf(TransportClosedError);
  });

  it('a throwing message handler is reported and does not stop the stream', async () => {
    const input = new PassThrough();
    const transport = new StreamTransport(input, new PassThrough());
    const seen: string[] = [];
    const errors: Error[] = [];
    transport.onMessage((m) => {
      seen.push((m as { method: string }).method);
      throw new Error('handler bug');
    });
    transport.onError((e) => errors.push(e));
    await transport.start();
    input.write('{"jsonrpc":"2.0","method":"a"}\n{"jsonrpc":"2.0","method":"b"}\n');
    await tick();
    expect(seen).toEqual(['a', 'b']);
    expect(errors.map((e) => e.message)).toEqual(['handler bug', 'handler bug']);
  });
});

describe('Connection over StreamTransport, served by serveStdio (in process)', () => {
  function connect(maxLineBytes?: number) {
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    const server = serveStdio(
      {
        async dispatch(request) {
          const size = (request.params?.size as number | undefined) ?? 0;
          return { jsonrpc: '2.0', id: request.id, result: { blob: 'b'.repeat(size) } };
        },
      },
      { stdin: toServer, stdout: toClient },
    );
    const errors: Error[] = [];
    const connection = new Connection(new StreamTransport(toClient, toServer, { maxLineBytes }), {
      onError: (e) => errors.push(e),
    });
    return { server, connection, errors };
  }

  it('a response over the limit fails its own request at once, and the next one works', async () => {
    const { server, connection, errors } = connect(4096);
    await connection.start();
    const error = await connection.request('get', { size: 100_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MessageTooLargeError);
    expect(error).toMatchObject({ id: 1, limit: 4096 });
    expect(errors).toEqual([error]);
    await expect(connection.request('get', { size: 10 })).resolves.toEqual({ blob: 'b'.repeat(10) });
    await connection.close();
    await server.closed;
  });
});
