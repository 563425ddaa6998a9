import { fromBase64Url, toBase64Url } from '@mcpkit/jsonrpc/encoding';

/** One key of the state key ring: an id (sent with every sealed state) and 32 secret bytes. */
export interface StateKey {
  /** 1–32 characters of `[A-Za-z0-9_-]`; names the key inside each `requestState`. */
  readonly id: string;
  /** 32 bytes (AES-256), or their base64 / base64url text. */
  readonly secret: Uint8Array | string;
}

/** The environment variable replicas share their key ring through. */
export const STATE_KEYS_ENV = 'MCPKIT_STATE_KEYS';

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Parses the key-ring text format: comma-separated `id:secret` entries, secret in base64 or
 * base64url (32 bytes). The first entry seals new state; every entry opens state.
 *
 * @example parseStateKeys('k2:3q2-7w...,k1:AAEC...')
 */
export function parseStateKeys(text: string): StateKey[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map((entry) => {
      const colon = entry.indexOf(':');
      if (colon <= 0) throw new TypeError(`${STATE_KEYS_ENV}: entry "${entry.slice(0, 8)}…" is not "id:secret"`);
      return { id: entry.slice(0, colon), secret: entry.slice(colon + 1) };
    });
}

/** A fresh key-ring entry in the text format (`id:base64url`), for configuration. */
export function generateStateKey(id = `k${Date.now().toString(36)}`): string {
  return `${id}:${toBase64Url(crypto.getRandomValues(new Uint8Array(32)))}`;
}

interface RingEntry {
  readonly id: string;
  /** Undefined for the random key until its first use (nothing random at construction: Workers forbids it at load). */
  bytes: Uint8Array | undefined;
  key?: ReturnType<typeof crypto.subtle.importKey>;
}

/** The keys that seal and open `requestState`. The first key seals; all of them open (rotation). */
export class KeyRing {
  /** The id of the key that seals new state. */
  readonly activeId: string;
  /** True when no key was configured and a per-process random key is in use. */
  readonly random: boolean;
  private readonly entries: Map<string, RingEntry>;

  constructor(keys: readonly StateKey[], random = false) {
    this.entries = new Map();
    this.random = random;
    if (random && keys.length === 0) {
      this.activeId = 'ephemeral';
      this.entries.set(this.activeId, { id: this.activeId, bytes: undefined });
      return;
    }
    if (keys.length === 0) throw new TypeError('A state key ring needs at least one key');
    for (const { id, secret } of keys) {
      if (!KEY_ID.test(id)) throw new TypeError(`State key id ${JSON.stringify(id)} must be 1–32 characters of [A-Za-z0-9_-]`);
      if (this.entries.has(id)) throw new TypeError(`State key id "${id}" appears twice in the key ring`);
      const bytes = typeof secret === 'string' ? fromBase64Url(secret.trim()) : secret;
      if (!bytes || bytes.length !== 32) throw new TypeError(`State key "${id}" must be 32 bytes (base64 or base64url)`);
      this.entries.set(id, { id, bytes });
    }
    this.activeId = keys[0]!.id;
  }

  /** A ring holding one random key that lives as long as the process, drawn on its first use. */
  static random(): KeyRing {
    return new KeyRing([], true);
  }

  /**
   * The AES-GCM key with this id, or `undefined` for an id the ring does not hold. (Typed by what
   * `crypto.subtle.importKey` gives, not the DOM lib's `CryptoKey`, so Node-only consumers compile.)
   */
  key(id: string): ReturnType<typeof crypto.subtle.importKey> | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    entry.bytes ??= crypto.getRandomValues(new Uint8Array(32));
    entry.key ??= crypto.subtle.importKey('raw', entry.bytes as BufferSource, 'AES-GCM', false, ['encrypt', 'decrypt']);
    return entry.key;
  }
}
