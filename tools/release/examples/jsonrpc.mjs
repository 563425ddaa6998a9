// @mcpkit/jsonrpc: parsing (the README's first example), then a Connection over a pair of in-memory
// transports whose other end answers with a dispatcher.
import { check } from './_shared.mjs';

/** Two linked in-memory MessageTransports: what one sends, the other receives (through JSON). */
function pair() {
  const make = () => ({
    name: 'memory',
    kind: 'stream',
    onMessage(h) {
      this.message = h;
    },
    onError() {},
    onClose(h) {
      this.close_ = h;
    },
    async start() {},
  });
  const a = make();
  const b = make();
  for (const [self, other] of [
    [a, b],
    [b, a],
  ]) {
    self.send = async (message) => queueMicrotask(() => other.message?.(JSON.parse(JSON.stringify(message))));
    self.close = async () => {
      self.close_?.({ reason: 'closed' });
      other.close_?.({ reason: 'peer closed' });
    };
  }
  return [a, b];
}

export default async function (load) {
  const { parseMessage, messageKind, Connection, RemoteError, ResponseError } = await load('@mcpkit/jsonrpc');
  const outcome = parseMessage('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}');
  check(outcome.kind === 'request' && outcome.message.method === 'tools/list', `parseMessage: ${JSON.stringify(outcome)}`);
  check(parseMessage('{oops').kind === 'invalid', 'parseMessage accepted {oops');
  check(messageKind({ jsonrpc: '2.0', method: 'n' }) === 'notification', 'messageKind');

  const [left, right] = pair();
  const server = new Connection(right, {
    dispatcher: {
      async dispatch(request) {
        if (request.method === 'add') return { jsonrpc: '2.0', id: request.id, result: { sum: request.params.a + request.params.b } };
        return { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: `no method ${request.method}` } };
      },
    },
  });
  const client = new Connection(left);
  await server.start();
  await client.start();
  const { sum } = await client.request('add', { a: 2, b: 3 });
  check(sum === 5, `add answered ${sum}`);
  const error = await client.request('nope').then(
    () => undefined,
    (e) => e,
  );
  check(error instanceof RemoteError && error.code === -32601, `expected a RemoteError -32601, got ${error}`);
  check(new ResponseError(-32000, 'x') instanceof Error, 'ResponseError');
  await client.close();
  return 'parseMessage/messageKind; a Connection called add (5) and got RemoteError -32601 over in-memory transports';
}
