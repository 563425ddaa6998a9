import { fromBase64Url, fromUtf8, toBase64Url, utf8 } from '@mcpkit/jsonrpc/encoding';
import type { KeyRing } from './key-ring.js';
import { LocalError } from '@mcpkit/jsonrpc';

/** What a sealed state is bound to; all three must match when it comes back. */
export interface StateBinding {
  /** The JSON-RPC method of the request that received the state. */
  readonly method: string;
  /** Digest of that request's salient params (tool name and arguments, prompt name and arguments, or uri). */
  readonly params: string;
  /** Digest of the caller (`principalDigest`). */
  readonly principal: string;
}

/** Why a `requestState` was refused. */
export type StateErrorReason = 'malformed' | 'unknown-key' | 'tampered' | 'expired' | 'misbound' | 'replayed';

/** A `requestState` that must not be trusted; dispatch answers it with `-32602`. */
export class StateError extends LocalError {
  /** The brand `instanceof` recognises across copies of this package (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/server/StateError';
  override readonly name = 'StateError';
  constructor(
    readonly reason: StateErrorReason,
    message: string,
  ) {
    super(message);
  }
}

/** A state that passed every check. */
export interface OpenedState {
  /** What the handler sealed. */
  readonly data: unknown;
  /** Unique id of this sealed state (for single-use enforcement). */
  readonly id: string;
  /** When it stops being accepted (epoch ms). */
  readonly expiresAt: number;
}

interface Payload {
  m: string;
  d: string;
  p: string;
  x: number;
  i: string;
  s: unknown;
}

const AAD_PREFIX = 'mcpkit/requestState/v1:';

/**
 * Seals handler state into an opaque `requestState` with AES-256-GCM (authenticated encryption)
 * and opens it again. The token is `<keyId>.<base64url(iv ‖ ciphertext)>`; the plaintext carries the
 * binding and expiry, so a token presented for another method, other params or another caller, or
 * after its expiry, is refused with a reason (basic/patterns/mrtr.mdx "Server Requirements").
 */
export class StateCodec {
  /**
   * `onRandomKey` is told once, at the first seal, when the ring is a random per-process key: only a
   * server that actually seals state needs a configured key.
   */
  constructor(
    private readonly ring: KeyRing,
    private readonly now: () => number = Date.now,
    private onRandomKey?: () => void,
  ) {}

  /** Seals `data` for a request bound to `binding`, valid for `ttlMs`. */
  async seal(data: unknown, binding: StateBinding, ttlMs: number): Promise<string> {
    if (this.onRandomKey !== undefined && this.ring.random) {
      const tell = this.onRandomKey;
      this.onRandomKey = undefined;
      tell();
    }
    const keyId = this.ring.activeId;
    const key = await this.ring.key(keyId)!;
    const payload: Payload = {
      m: binding.method,
      d: binding.params,
      p: binding.principal,
      x: this.now() + ttlMs,
      i: toBase64Url(crypto.getRandomValues(new Uint8Array(12))),
      s: data,
    };
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = new Uint8Array(
      await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: utf8(AAD_PREFIX + keyId) as BufferSource },
        key,
        utf8(JSON.stringify(payload)) as BufferSource,
      ),
    );
    const out = new Uint8Array(iv.length + sealed.length);
    out.set(iv);
    out.set(sealed, iv.length);
    return `${keyId}.${toBase64Url(out)}`;
  }

  /** Opens a `requestState`, checking integrity, key, expiry and binding; throws `StateError` otherwise. */
  async open(token: string, binding: StateBinding): Promise<OpenedState> {
    const dot = token.indexOf('.');
    const bytes = dot > 0 ? fromBase64Url(token.slice(dot + 1)) : undefined;
    if (!bytes || bytes.length < 12 + 16) throw new StateError('malformed', 'requestState is not a state this server issued');
    const keyId = token.slice(0, dot);
    const key = this.ring.key(keyId);
    if (!key) throw new StateError('unknown-key', `requestState was sealed with key "${keyId.slice(0, 32)}", which this server does not hold`);
    let plain: Uint8Array;
    try {
      plain = new Uint8Array(
        await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: bytes.subarray(0, 12) as BufferSource, additionalData: utf8(AAD_PREFIX + keyId) as BufferSource },
          await key,
          bytes.subarray(12) as BufferSource,
        ),
      );
    } catch {
      throw new StateError('tampered', 'requestState failed its integrity check (it was altered or forged)');
    }
    const payload = parsePayload(plain);
    if (!payload) throw new StateError('malformed', 'requestState content is unreadable');
    if (this.now() >= payload.x) throw new StateError('expired', 'requestState has expired; start the request again without it');
    if (payload.m !== binding.method || payload.d !== binding.params) {
      throw new StateError('misbound', 'requestState belongs to another request (different method or params)');
    }
    if (payload.p !== binding.principal) throw new StateError('misbound', 'requestState was issued to another caller');
    return { data: payload.s, id: payload.i, expiresAt: payload.x };
  }
}

function parsePayload(bytes: Uint8Array): Payload | undefined {
  const text = fromUtf8(bytes);
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Payload;
    return typeof value.m === 'string' && typeof value.x === 'number' && typeof value.i === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
