import type { Writable } from 'node:stream';
import { InvalidMessageError, TransportClosedError, encodeInPieces, type JsonPieces, type JsonRpcMessage } from '@mcpkit/jsonrpc';

/**
 * The message's JSON text in pieces (without the newline) when it carries a large string (see
 * `encodeInPieces`): a 16 MB result is then written a slice at a time instead of as one line built
 * whole. `undefined` for every other message (`encodeMessage` then). Throws as `encodeMessage` does.
 */
export function encodePieces(message: JsonRpcMessage): JsonPieces | undefined {
  try {
    return encodeInPieces(message);
  } catch (error) {
    throw new InvalidMessageError(`Refused to send a message JSON cannot encode: ${(error as Error).message}`, {}, { cause: error });
  }
}

/**
 * Writes one message's pieces and its newline to `stream`, waiting for `drain` whenever the stream
 * says it is full: a slow reader holds the writer, not a growing buffer. Rejects with
 * `TransportClosedError` when the stream fails or closes before the message is out (the line is
 * then cut, and the transport must fail: nothing else may follow it).
 */
export async function writePieces(stream: Writable, pieces: JsonPieces): Promise<void> {
  for (const piece of pieces) {
    if (!stream.writable) throw closedDuringWrite(stream);
    if (!stream.write(piece)) await roomIn(stream);
  }
  if (!stream.writable) throw closedDuringWrite(stream);
  if (!stream.write('\n')) await roomIn(stream);
}

function closedDuringWrite(stream: Writable): TransportClosedError {
  const cause = stream.errored ?? undefined;
  return new TransportClosedError(`The output stream ${cause ? `failed: ${cause.message}` : 'closed'} in the middle of a message`, { cause });
}

/** Resolves on `drain`; rejects if the stream errors or closes first. */
function roomIn(stream: Writable): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('error', onError);
      stream.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onError = () => settle(closedDuringWrite(stream));
    const onClose = () => settle(closedDuringWrite(stream));
    stream.on('drain', onDrain);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}
