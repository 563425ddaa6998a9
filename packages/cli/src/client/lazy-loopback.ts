import type { RedirectHandler } from '@mcpkit/auth/client';
import { startLoopbackRedirect, type LoopbackRedirect } from '@mcpkit/auth/node';

/** How long a sign-in waits for the browser's redirect before failing. */
export const SIGN_IN_WAIT_MS = 300_000;

/** Options of {@link lazyLoopbackRedirect}. */
export interface LazyLoopbackOptions {
  /** Shows the authorization URL to the user (prints it, and opens a browser with `--open`). */
  readonly show: (url: URL) => void;
}

/** A redirect handler whose listener runs only during a sign-in. */
export interface LazyLoopback extends RedirectHandler {
  /** Stops the listener if one runs (a sign-in still waiting fails). */
  close(): Promise<void>;
}

/**
 * The CLI's redirect handler: a loopback listener on 127.0.0.1 (RFC 8252 §7.3) started only when a
 * user has to sign in (`prepare()`, called by `withOAuth` just before it needs the redirect URI) and
 * stopped as soon as the redirect arrived or the sign-in failed, so no listening socket outlives it.
 * A later sign-in in the same run (step-up) listens on the same port again when it can, so the
 * redirect URI registered with the authorization server stays valid.
 */
export function lazyLoopbackRedirect(options: LazyLoopbackOptions): LazyLoopback {
  let listener: LoopbackRedirect | undefined;
  let starting: Promise<LoopbackRedirect> | undefined;
  let redirectUri: string | undefined;
  let port = 0;

  const start = async (): Promise<LoopbackRedirect> => {
    const open = (at: number) => startLoopbackRedirect({ port: at, timeoutMs: SIGN_IN_WAIT_MS, onAuthorizationUrl: options.show });
    let started: LoopbackRedirect;
    try {
      started = await open(port);
    } catch (error) {
      if (port === 0) throw error;
      started = await open(0); // the old port was taken meanwhile: a new redirect URI (registered again)
    }
    listener = started;
    redirectUri = started.redirectUri;
    port = Number(new URL(started.redirectUri).port);
    return started;
  };

  const stop = async (): Promise<void> => {
    const running = listener ?? (await starting?.catch(() => undefined));
    listener = undefined;
    starting = undefined;
    await running?.close();
  };

  const prepare = async (): Promise<void> => {
    if (listener !== undefined) return;
    starting ??= start();
    await starting;
  };

  return {
    get redirectUri(): string {
      if (redirectUri === undefined) throw new Error('the loopback redirect listener was not started');
      return redirectUri;
    },
    prepare,
    async navigate(authorizationUrl: URL, signal?: AbortSignal): Promise<URL> {
      if (listener === undefined) await prepare();
      try {
        return await listener!.navigate(authorizationUrl, signal);
      } finally {
        await stop();
      }
    },
    close: stop,
  };
}
