/**
 * The node lane's JSON replies. A reply carrying a large string (a 16 MB tool result) is written in
 * pieces (`encodeInPieces` of `@mcpkit/jsonrpc`) with backpressure, instead of as one string built
 * whole and copied again into one socket write; every other reply is one `JSON.stringify`. The bytes
 * are the same either way, and so is the framing: the JSON reply is chunked, as `writeHead` without a
 * `content-length` and `end(text)` already made it, and an SSE event is `data: <json>\n\n`.
 */
import type { ServerResponse } from 'node:http';
import { encodeInPieces, type JsonPieces, type JsonRpcMessage } from '@mcpkit/jsonrpc';

/** The JSON text of `message`, or its pieces when it carries a large string. Throws what `JSON.stringify` throws, before anything is written. */
export function jsonBody(message: JsonRpcMessage): string | JsonPieces {
  return encodeInPieces(message) ?? JSON.stringify(message);
}

/** Writes `body` (after `writeHead`), with `before` and `after` around it, and ends the response. */
export function endWithJson(res: ServerResponse, body: string | JsonPieces, before = '', after = ''): void {
  if (typeof body === 'string') res.end(before === '' && after === '' ? body : before + body + after);
  else void writeThenEnd(res, body, before, after);
}

async function writeThenEnd(res: ServerResponse, pieces: JsonPieces, before: string, after: string): Promise<void> {
  if (before !== '' && !res.write(before) && !(await roomIn(res))) return;
  for (const piece of pieces) {
    // A client gone mid-body: the response is destroyed, and its cut chunked body tells the client so.
    if (res.destroyed) return;
    if (!res.write(piece) && !(await roomIn(res))) return;
  }
  if (!res.destroyed) res.end(after);
}

/** Resolves true on `drain`, false when the response closed first. */
function roomIn(res: ServerResponse): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const settle = (drained: boolean) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(drained);
    };
    const onDrain = () => settle(true);
    const onClose = () => settle(false);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}
