import { describe, expect, it } from 'vitest';
import {
  CancelledError,
  JsonRpcErrorCode,
  InFlightLimitError,
  InvalidMessageError,
  LocalError,
  MessageTooLargeError,
  RemoteError,
  ResponseError,
  RpcError,
  TimeoutError,
  TransportClosedError,
  TransportError,
  errorResponse,
  successResponse,
  toErrorResponse,
} from '../src/index.js';

describe('error classes', () => {
  const local = [
    new TimeoutError('m', 1, 100, 'idle'),
    new CancelledError('m', 1, 'why'),
    new TransportError('broken pipe'),
    new TransportClosedError('exited'),
    new InFlightLimitError(4),
    new InvalidMessageError('bad'),
    new MessageTooLargeError(10),
  ];

  it('a user can always tell a peer error from a local failure', () => {
    const remote = new RemoteError({ code: -32601, message: 'Method not found' }, 3, 'x/y');
    expect(remote).toBeInstanceOf(RpcError);
    expect(remote.remote).toBe(true);
    expect(remote.name).toBe('RemoteError');
    expect(remote.toJSON()).toEqual({ code: -32601, message: 'Method not found' });
    for (const error of local) {
      expect(error).toBeInstanceOf(RpcError);
      expect(error).toBeInstanceOf(LocalError);
      expect(error).not.toBeInstanceOf(RemoteError);
      expect(error.remote).toBe(false);
      expect('code' in error).toBe(false); // local errors have no JSON-RPC code
    }
    expect(local.map((e) => e.name)).toEqual([
      'TimeoutError',
      'CancelledError',
      'TransportError',
      'TransportClosedError',
      'InFlightLimitError',
      'InvalidMessageError',
      'MessageTooLargeError',
    ]);
    expect(new TransportClosedError('x')).toBeInstanceOf(TransportError);
    expect(new MessageTooLargeError(10)).toBeInstanceOf(InvalidMessageError);
  });

  it('messages say what happened', () => {
    expect(local[0]!.message).toBe('Request m (id 1) timed out after 100 ms');
    expect(new TimeoutError('m', 'a', 900, 'total').message).toBe('Request m (id "a") exceeded its maximum total time of 900 ms');
    expect(local[1]!.message).toBe('Request m (id 1) was cancelled: why');
    expect(new CancelledError('m', 1, new Error('shutdown')).message).toContain('shutdown');
    expect(local[6]!.message).toBe('Message exceeds the limit of 10 bytes and was skipped');
  });
});

describe('response builders', () => {
  it('build the wire shapes', () => {
    expect(successResponse(1, { a: 1 })).toEqual({ jsonrpc: '2.0', id: 1, result: { a: 1 } });
    expect(errorResponse(null, JsonRpcErrorCode.ParseError, 'Parse error')).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    });
    expect(errorResponse('x', 5, 'm', { d: 1 }).error).toEqual({ code: 5, message: 'm', data: { d: 1 } });
  });

  it('toErrorResponse keeps a ResponseError and hides anything else behind -32603', () => {
    expect(toErrorResponse(1, new ResponseError(-32602, 'bad cursor'))).toEqual(errorResponse(1, -32602, 'bad cursor'));
    const leaky = new Error('ENOENT: /home/alice/.secrets');
    expect(toErrorResponse(2, leaky)).toEqual(errorResponse(2, -32603, 'Internal error'));
    expect(toErrorResponse(3, 'a string')).toEqual(errorResponse(3, -32603, 'Internal error'));
    // A peer's error we received is not forwarded as if it were ours.
    expect(toErrorResponse(4, new RemoteError({ code: -32601, message: 'nope' })).error.code).toBe(-32603);
  });
});
