import { describe, expect, it } from 'vitest';
import { generateStateKey, KeyRing, MemoryReplayGuard, parseStateKeys, StateCodec, StateError } from '../src/state-api.js';

const binding = { method: 'tools/call', params: 'digest-a', principal: 'anonymous' };

describe('key ring configuration (MCPKIT_STATE_KEYS)', () => {
  it('parses "id:secret" entries, base64 or base64url, first one active', () => {
    const a = generateStateKey('new');
    const b = `old:${Buffer.alloc(32, 7).toString('base64')}`;
    const ring = new KeyRing(parseStateKeys(` ${a} , ${b} `));
    expect(ring.activeId).toBe('new');
    expect(ring.key('old')).toBeDefined();
    expect(ring.key('other')).toBeUndefined();
    expect(ring.random).toBe(false);
  });

  it.each([
    ['an entry without a colon', 'abc', /id:secret/],
    ['a short secret', 'k:AAAA', /32 bytes/],
    ['a secret that is not base64', `k:${'!'.repeat(43)}`, /32 bytes/],
    ['a bad id', `bad.id:${Buffer.alloc(32).toString('base64')}`, /\[A-Za-z0-9_-\]/],
    ['a repeated id', `k:${Buffer.alloc(32).toString('base64')},k:${Buffer.alloc(32, 1).toString('base64')}`, /twice/],
    ['nothing', ' , ', /at least one key/],
  ])('refuses %s with a clear error', (_what, text, reason) => {
    expect(() => new KeyRing(parseStateKeys(text))).toThrow(reason);
  });
});

describe('StateCodec', () => {
  it('seals opaque text and opens it back under the same binding', async () => {
    const codec = new StateCodec(KeyRing.random());
    const token = await codec.seal({ cart: ['apple'], secret: 'do-not-show' }, binding, 60_000);
    expect(token).toMatch(/^ephemeral\.[A-Za-z0-9_-]+$/);
    expect(token).not.toContain('apple');
    const opened = await codec.open(token, binding);
    expect(opened.data).toEqual({ cart: ['apple'], secret: 'do-not-show' });
  });

  it('gives each sealing a fresh id and ciphertext', async () => {
    const codec = new StateCodec(KeyRing.random());
    const [a, b] = [await codec.seal(1, binding, 1000), await codec.seal(1, binding, 1000)];
    expect(a).not.toBe(b);
    expect((await codec.open(a, binding)).id).not.toBe((await codec.open(b, binding)).id);
  });

  it('refuses a state past its expiry, using the injected clock', async () => {
    let now = 1_000;
    const codec = new StateCodec(KeyRing.random(), () => now);
    const token = await codec.seal('x', binding, 500);
    now = 1_499;
    await expect(codec.open(token, binding)).resolves.toMatchObject({ data: 'x', expiresAt: 1_500 });
    now = 1_500;
    await expect(codec.open(token, binding)).rejects.toMatchObject({ reason: 'expired' });
  });

  it('refuses each kind of misbinding with a reason', async () => {
    const codec = new StateCodec(KeyRing.random());
    const token = await codec.seal('x', binding, 60_000);
    for (const other of [
      { ...binding, method: 'prompts/get' },
      { ...binding, params: 'digest-b' },
      { ...binding, principal: 'p' },
    ]) {
      const error = await codec.open(token, other).catch((e) => e);
      expect(error).toBeInstanceOf(StateError);
      expect(error.reason).toBe('misbound');
    }
  });
});

describe('MemoryReplayGuard', () => {
  it('claims an id once until it expires, then forgets it', async () => {
    let now = 0;
    const guard = new MemoryReplayGuard(() => now);
    expect(await guard.claim('a', 100)).toBe(true);
    expect(await guard.claim('a', 100)).toBe(false);
    expect(await guard.claim('b', 100)).toBe(true);
    now = 100;
    expect(await guard.claim('a', 200)).toBe(true);
    now = 120_000;
    await guard.claim('c', 130_000);
    expect(guard.size).toBe(1);
  });

  it('holds at most maxEntries live claims, refusing a new one rather than forgetting a live one', async () => {
    let now = 0;
    const guard = new MemoryReplayGuard({ now: () => now, maxEntries: 2 });
    expect(await guard.claim('a', 10_000)).toBe(true);
    expect(await guard.claim('b', 10_000)).toBe(true);
    await expect(guard.claim('c', 10_000)).rejects.toThrow(/2 unexpired requestStates/);
    expect(await guard.claim('a', 10_000)).toBe(false);
    now = 10_000;
    expect(await guard.claim('c', 20_000)).toBe(true);
  });
});
