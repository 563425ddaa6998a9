/**
 * Raw HTTP/1.1 clients on 127.0.0.1 for what fetch cannot do on purpose: bodies that never finish,
 * hundreds of parallel streams on their own sockets, a chosen source address.
 */
import { connect, type Socket } from 'node:net';
import type { JsonRpcRequest } from '@mcpkit/jsonrpc';
import { headersFor, META, toolCall } from './helpers.js';

/** A socket and everything it has received so far. */
export interface RawClient {
  readonly socket: Socket;
  /** Bytes received, as text. */
  received(): string;
  /** Whether the server closed (or reset) the connection. */
  closed(): boolean;
}

/** Opens a connection from `localAddress` (any 127.x.y.z works on Linux) and records what arrives. */
export function openRaw(port: number, localAddress = '127.0.0.1'): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let text = '';
    let ended = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => (ended = true));
    socket.on('error', () => (ended = true));
    socket.once('connect', () => resolve({ socket, received: () => text, closed: () => ended }));
    socket.once('error', reject);
  });
}

/** The head of a POST carrying `body` with conforming MCP headers (`contentLength` overrides the real one). */
export function postHead(body: JsonRpcRequest, contentLength: number, extra: Record<string, string> = {}): string {
  const headers = { ...headersFor(body), ...extra, 'content-length': String(contentLength), host: '127.0.0.1' };
  return `POST /mcp HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
}

/** A POST whose body starts but never ends: it promises 1,000 bytes and sends 11. */
export async function openSlowBody(port: number, localAddress?: string): Promise<RawClient> {
  const client = await openRaw(port, localAddress);
  const body = toolCall('slow', 'echo', { text: 'slow' });
  client.socket.write(postHead(body, 1000) + '{"jsonrpc":');
  return client;
}

/** A `subscriptions/listen` POST on its own connection (the stream stays open until the socket closes). */
export async function openListen(port: number, id: string, localAddress?: string): Promise<RawClient> {
  const client = await openRaw(port, localAddress);
  const body: JsonRpcRequest = { jsonrpc: '2.0', id, method: 'subscriptions/listen', params: { notifications: { toolsListChanged: true }, _meta: META } };
  const text = JSON.stringify(body);
  client.socket.write(postHead(body, Buffer.byteLength(text)) + text);
  return client;
}

/** Opens `count` clients `batch` at a time (so the listen backlog never overflows). */
export async function openMany(count: number, open: (i: number) => Promise<RawClient>, batch = 100): Promise<RawClient[]> {
  const clients: RawClient[] = [];
  for (let i = 0; i < count; i += batch) {
    clients.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, (_, j) => open(i + j)))));
  }
  return clients;
}

/** The status of the first response a raw client received, or undefined before one arrived. */
export function statusOf(client: RawClient): number | undefined {
  const match = /^HTTP\/1\.1 (\d{3})/.exec(client.received());
  return match ? Number(match[1]) : undefined;
}

/** Resolves once `predicate` holds, polling on real I/O turns (works under fake timers). */
export async function untilReal(predicate: () => boolean, maxTurns = 200_000): Promise<void> {
  for (let i = 0; !predicate(); i++) {
    if (i >= maxTurns) throw new Error('condition not reached');
    await new Promise((r) => setImmediate(r));
  }
}

/** Lets `n` turns of real I/O happen. */
export async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
}

/** A POST from a chosen source address with node:http; resolves status and body text. */
export async function postFrom(url: string, localAddress: string, body: JsonRpcRequest): Promise<{ status: number; text: string }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: headersFor(body), localAddress, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
