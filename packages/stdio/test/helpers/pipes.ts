import { PassThrough } from 'node:stream';
import { InvalidMessageError, readMessage, type Dispatcher, type JsonRpcMessage } from '@mcpkit/jsonrpc';
import { LineDecoder, serveStdio, type StdioServerOptions } from '../../src/index.js';

/**
 * Serves a dispatcher on in-process pipes and plays the client: writes raw lines to its stdin and
 * collects every line of its stdout, checking that each one is a valid JSON-RPC message.
 */
export function serveOnPipes(dispatcher: Dispatcher, options: StdioServerOptions = {}) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const received: JsonRpcMessage[] = [];
  const notJsonRpc: string[] = [];
  const errors: Error[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const decoder = new LineDecoder({
    onLine(line) {
      const message = readMessage(line);
      if (message instanceof InvalidMessageError) notJsonRpc.push(line);
      else received.push(message);
      for (const waiter of waiters.splice(0)) {
        if (received.length >= waiter.count) waiter.resolve();
        else waiters.push(waiter);
      }
    },
  });
  stdout.on('data', (chunk: Buffer) => decoder.push(chunk));
  const server = serveStdio(dispatcher, { stdin, stdout, onError: (e) => errors.push(e), ...options });
  return {
    server,
    stdin,
    stdout,
    received,
    notJsonRpc,
    errors,
    /** Writes raw text to the server's stdin. */
    write(text: string) {
      stdin.write(text);
    },
    /** Writes one message as a line. */
    send(message: unknown) {
      stdin.write(`${JSON.stringify(message)}\n`);
    },
    /** Resolves once `count` messages were received in total. */
    receivedCount(count: number): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
  };
}

/** Lets pending I/O and promise callbacks run. */
export const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A promise with its resolver, for dispatchers the test finishes by hand. */
export function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}
