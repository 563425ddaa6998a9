/**
 * Connections per client address for `serve`: one address may hold only so many at once, so a
 * single client (slow uploads, piles of open streams, idle sockets) cannot use up the server's
 * sockets. A connection past the budget is kept just long enough to answer its first request 503
 * with `Retry-After`, then closed: a client sees a reply it understands instead of a reset.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Marks a socket admitted past its address's budget. */
export const OVER_BUDGET = Symbol('mcpkit.overBudget');
type Marked = Socket & { [OVER_BUDGET]?: boolean };

/** How long a connection past the budget may take to send its request head before it is dropped. */
const REFUSED_HEAD_MS = 5_000;

/** Counts open connections by remote address. */
export class ConnectionBudget {
  private readonly open = new Map<string, number>();

  constructor(private readonly perAddress: number) {
    if (!(perAddress > 0)) throw new RangeError(`maxConnectionsPerClient must be a positive number, got ${perAddress}`);
  }

  /** Counts a new connection; one past the budget is marked (its requests get 503). */
  admit(socket: Socket): void {
    if (this.perAddress === Infinity) return;
    const address = socket.remoteAddress ?? '';
    const count = (this.open.get(address) ?? 0) + 1;
    this.open.set(address, count);
    socket.once('close', () => {
      const left = (this.open.get(address) ?? 1) - 1;
      if (left <= 0) this.open.delete(address);
      else this.open.set(address, left);
    });
    if (count > this.perAddress) {
      (socket as Marked)[OVER_BUDGET] = true;
      socket.setTimeout(REFUSED_HEAD_MS, () => socket.destroy());
    }
  }

  /** Answers a request of a connection past the budget, and closes the connection after it. */
  refuse(req: IncomingMessage, res: ServerResponse): void {
    const address = req.socket.remoteAddress ?? 'your address';
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32603,
        message: `Server busy: ${address} has ${this.perAddress} connections open, the most one client may hold; retry later`,
        data: { limit: 'maxConnectionsPerClient', max: this.perAddress, retryAfterMs: 1000 },
      },
    });
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1', connection: 'close' });
    res.end(body);
  }
}
