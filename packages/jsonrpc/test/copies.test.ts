// Error identity across copies: the ESM and the CJS build of this package, loaded in one process,
// define two sets of classes (as two installed versions do). `instanceof` must still recognise an
// error from the other copy, and a connection must not re-wrap another copy's transport error.
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScriptedTransport } from './helpers/scripted-transport.js';

// The built files (a test task runs after this package's build); typed by the sources they come from,
// and loaded by path so that the typecheck (which may run before the build) never reads dist/.
type Api = typeof import('../src/index.js');
const dist = path.join(import.meta.dirname, '..', 'dist');
const esm = (await import(path.join(dist, 'index.js'))) as Api;
const cjs = createRequire(import.meta.url)(path.join(dist, 'index.cjs')) as Api;

/** One instance of every concrete error class of a copy. */
const samplesOf = (api: Api) => ({
  RemoteError: new api.RemoteError({ code: -32601, message: 'no such method' }, 1, 'm'),
  TimeoutError: new api.TimeoutError('m', 1, 100, 'idle'),
  CancelledError: new api.CancelledError('m', 1, 'why'),
  TransportError: new api.TransportError('broken pipe'),
  TransportClosedError: new api.TransportClosedError('exited'),
  InFlightLimitError: new api.InFlightLimitError(4),
  InvalidMessageError: new api.InvalidMessageError('bad'),
  MessageTooLargeError: new api.MessageTooLargeError(10),
  ResponseError: new api.ResponseError(-32000, 'refused'),
});
/** Each class and the classes it extends (within the package). */
const ancestry: Record<string, string[]> = {
  RemoteError: ['RpcError'],
  TimeoutError: ['LocalError', 'RpcError'],
  CancelledError: ['LocalError', 'RpcError'],
  TransportError: ['LocalError', 'RpcError'],
  TransportClosedError: ['TransportError', 'LocalError', 'RpcError'],
  InFlightLimitError: ['LocalError', 'RpcError'],
  InvalidMessageError: ['LocalError', 'RpcError'],
  MessageTooLargeError: ['InvalidMessageError', 'LocalError', 'RpcError'],
  ResponseError: [],
};
const classNames = Object.keys(ancestry).concat('RpcError', 'LocalError');

describe('two copies of the package in one process (the ESM and the CJS build)', () => {
  it('are really two sets of classes', () => {
    expect(cjs.RemoteError).not.toBe(esm.RemoteError);
    expect(Object.getPrototypeOf(samplesOf(cjs).RemoteError)).not.toBe(esm.RemoteError.prototype);
  });

  for (const [from, to] of [
    ['cjs', 'esm'],
    ['esm', 'cjs'],
  ] as const) {
    it(`instanceof a ${to} class recognises ${from} errors of that class and its subclasses, and nothing else`, () => {
      const api = { esm, cjs };
      for (const [name, error] of Object.entries(samplesOf(api[from]))) {
        for (const other of classNames) {
          const expected = other === name || ancestry[name]!.includes(other);
          const target = (api[to] as unknown as Record<string, abstract new (...args: never[]) => unknown>)[other]!;
          expect(error instanceof target, `${from} ${name} instanceof ${to} ${other}`).toBe(expected);
        }
        expect(error instanceof Error).toBe(true);
      }
    });
  }

  it('a subclass without a brand of its own keeps the ordinary instanceof, and still counts as its base class of either copy', () => {
    class AppError extends esm.LocalError {}
    const mine = new AppError('mine');
    expect(mine instanceof AppError).toBe(true);
    expect(mine instanceof esm.LocalError && mine instanceof cjs.LocalError && mine instanceof cjs.RpcError).toBe(true);
    expect(mine instanceof cjs.TransportError).toBe(false);
    expect(new esm.TimeoutError('m', 1, 1, 'idle') instanceof AppError).toBe(false);
    expect(samplesOf(cjs).TransportError instanceof AppError).toBe(false);
  });

  it('non-objects and plain look-alikes are not instances', () => {
    for (const value of [undefined, null, 0, 'RemoteError', { code: 1, message: 'x', remote: true }, new Error('plain')])
      expect(value instanceof esm.RemoteError || value instanceof esm.RpcError).toBe(false);
  });

  it("a connection of one copy passes the other copy's TransportClosedError through as it is (not re-wrapped as TransportError)", async () => {
    const transport = new ScriptedTransport();
    const closed = new cjs.TransportClosedError('the server process exited (code 1)');
    transport.failSends = closed;
    const connection = new esm.Connection(transport);
    await connection.start();
    const failure = await connection.request('ping').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBe(closed);
    expect(failure instanceof esm.TransportClosedError).toBe(true);
    await connection.close();
  });

  it("toErrorResponse of one copy keeps the other copy's ResponseError code and message", () => {
    expect(esm.toErrorResponse(7, new cjs.ResponseError(-32002, 'not found', { uri: 'x' }))).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32002, message: 'not found', data: { uri: 'x' } },
    });
  });

  it('hasBrand: brand lookups follow the class chain of the value, not of the class asked', () => {
    expect(esm.hasBrand(esm.TransportError, samplesOf(cjs).TransportClosedError)).toBe(true);
    expect(esm.hasBrand(esm.TransportClosedError, samplesOf(cjs).TransportError)).toBe(false);
    class Plain {}
    expect(esm.hasBrand(Plain, new Plain())).toBe(true);
    expect(esm.hasBrand(Plain, {})).toBe(false);
  });
});
