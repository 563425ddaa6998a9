import { canonicalJson } from '../util/canonical-json.js';
import { toBase64Url, utf8 } from '@mcpkit/jsonrpc/encoding';
import type { Principal } from '../util/principal.js';

/** SHA-256 of a text, base64url, truncated to 128 bits: enough to tell bindings apart. */
export async function digest(text: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(text) as BufferSource));
  return toBase64Url(hash.subarray(0, 16));
}

/** A digest of the params that identify a request (method plus its salient params, canonical JSON). */
export function paramsDigest(method: string, salient: unknown): Promise<string> {
  return digest(canonicalJson([method, salient]));
}

/** A stable digest of who the caller is (issuer and subject), or `anonymous` without a principal. */
export function principalDigest(principal: Principal | undefined): Promise<string> | string {
  if (!principal) return 'anonymous';
  return digest(`${principal.issuer ?? ''}\u0000${principal.subject}`);
}
