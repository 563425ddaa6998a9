/**
 * A loopback redirect listener for native clients and CLIs (RFC 8252 §7.3): a tiny `node:http` server on
 * 127.0.0.1 that receives the authorization server's redirect. The authorization URL is handed to
 * `onAuthorizationUrl` (default: printed to stderr) for the user to open.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthError } from '../shared/errors.js';
import type { RedirectHandler } from '../client/options.js';

/** Options of {@link startLoopbackRedirect}. */
export interface LoopbackRedirectOptions {
  /** The port to listen on (default 0: a free one chosen by the system). */
  port?: number;
  /** The callback path (default `/callback`). */
  path?: string;
  /** Shows the authorization URL to the user, e.g. opens a browser (default: prints it to stderr). */
  onAuthorizationUrl?: (url: URL) => void | Promise<void>;
  /** How long to wait for the redirect, in milliseconds (default 300 000). */
  timeoutMs?: number;
}

/** A running loopback listener; close it when the client is done. */
export interface LoopbackRedirect extends RedirectHandler {
  /** Shows `authorizationUrl` and resolves with the redirect that arrives at the listener. */
  navigate(authorizationUrl: URL, signal?: AbortSignal): Promise<URL>;
  /** Stops listening; a pending authorization fails. */
  close(): Promise<void>;
}

const PAGE = (title: string) => `<!doctype html><meta charset="utf-8"><title>${title}</title><p>${title}</p><p>You can close this window.</p>`;

/**
 * Starts listening on 127.0.0.1 and returns a redirect handler for {@link withOAuth}.
 * @example const redirect = await startLoopbackRedirect(); // redirect.redirectUri = 'http://127.0.0.1:PORT/callback'
 */
export async function startLoopbackRedirect(options: LoopbackRedirectOptions = {}): Promise<LoopbackRedirect> {
  const path = options.path ?? '/callback';
  if (!path.startsWith('/')) throw new AuthError('invalid_configuration', 'The callback path must start with "/"');
  const timeoutMs = options.timeoutMs ?? 300_000;
  const show = options.onAuthorizationUrl ?? ((url: URL) => void process.stderr.write(`Open this URL to authorize:\n${url.href}\n`));
  let pending: { resolve: (url: URL) => void; reject: (error: unknown) => void } | undefined;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', redirectUri);
    if (req.method !== 'GET' || url.pathname !== path) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    if (pending === undefined) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE('No authorization is in progress.'));
      return;
    }
    const waiting = pending;
    pending = undefined;
    const ok = url.searchParams.has('code');
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(PAGE(ok ? 'Authorization complete.' : 'Authorization did not complete.'));
    waiting.resolve(url);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const redirectUri = `http://127.0.0.1:${port}${path}`;

  return {
    redirectUri,
    navigate(authorizationUrl: URL, signal?: AbortSignal): Promise<URL> {
      if (pending !== undefined) return Promise.reject(new AuthError('invalid_configuration', 'Another authorization is already waiting for its redirect'));
      return new Promise<URL>((resolve, reject) => {
        const finish = (): void => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        };
        const onAbort = (): void => {
          finish();
          pending = undefined;
          reject(signal?.reason);
        };
        const timer = setTimeout(() => {
          finish();
          pending = undefined;
          reject(new AuthError('authorization_denied', `No redirect arrived at ${redirectUri} within ${Math.round(timeoutMs / 1000)} s`));
        }, timeoutMs);
        pending = {
          resolve: (url) => {
            finish();
            resolve(url);
          },
          reject: (error) => {
            finish();
            reject(error);
          },
        };
        if (signal?.aborted) return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        Promise.resolve(show(authorizationUrl)).catch((error: unknown) => pending?.reject(error));
      });
    },
    close(): Promise<void> {
      pending?.reject(new AuthError('authorization_denied', 'The loopback redirect listener was closed'));
      pending = undefined;
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
