/** The Node loopback redirect listener: it waits for the redirect on 127.0.0.1 and hands the URL back. */
import { describe, expect, it } from 'vitest';
import { startLoopbackRedirect } from '../src/node.js';

describe('startLoopbackRedirect', () => {
  it('shows the authorization URL and resolves with the redirect that arrives', async () => {
    const shown: string[] = [];
    const loopback = await startLoopbackRedirect({ onAuthorizationUrl: (url) => void shown.push(url.href) });
    try {
      expect(loopback.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      const waiting = loopback.navigate(new URL('https://auth.example/authorize?x=1'));
      expect(shown).toEqual(['https://auth.example/authorize?x=1']);
      // Unrelated paths do not count.
      expect((await fetch(new URL('/favicon.ico', loopback.redirectUri))).status).toBe(404);
      const browser = await fetch(`${loopback.redirectUri}?code=abc&state=xyz`);
      expect(browser.status).toBe(200);
      expect(await browser.text()).toContain('Authorization complete');
      const returned = await waiting;
      expect(returned.searchParams.get('code')).toBe('abc');
      expect(returned.searchParams.get('state')).toBe('xyz');
      // With nothing pending, a stray redirect is refused.
      expect((await fetch(`${loopback.redirectUri}?code=late`)).status).toBe(400);
    } finally {
      await loopback.close();
    }
  });

  it('fails a pending authorization when closed or aborted', async () => {
    const loopback = await startLoopbackRedirect({ onAuthorizationUrl: () => undefined });
    const controller = new AbortController();
    const aborted = loopback.navigate(new URL('https://auth.example/a'), controller.signal);
    controller.abort(new Error('user cancelled'));
    await expect(aborted).rejects.toThrow('user cancelled');
    const pending = expect(loopback.navigate(new URL('https://auth.example/b'))).rejects.toMatchObject({ code: 'authorization_denied' });
    await loopback.close();
    await pending;
  });
});
