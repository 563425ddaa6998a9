import { InvalidMessageError, type JsonRpcMessage } from '@mcpkit/jsonrpc';

/**
 * Encodes one message as a line: compact JSON and `\n`. `JSON.stringify` escapes every control
 * character inside strings, so the line never contains an embedded newline; U+2028 and U+2029 stay
 * as they are (they are not line breaks in this framing). Throws `InvalidMessageError` for a value
 * JSON cannot represent (a `BigInt`, a cycle, `undefined`).
 */
export function encodeMessage(message: JsonRpcMessage): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(message);
  } catch (error) {
    throw new InvalidMessageError(
      `Refused to send a message JSON cannot encode: ${(error as Error).message}`,
      {},
      {
        cause: error,
      },
    );
  }
  if (typeof json !== 'string' || json.charCodeAt(0) !== 123 /* { */) {
    throw new InvalidMessageError('Refused to send a message that is not a JSON object');
  }
  return `${json}\n`;
}
