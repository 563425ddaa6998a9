/**
 * Reading a request body with a size limit, and decoding it as JSON.
 * Works on any web-standard `Request`; the node adapter has its own faster reader.
 */

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const EMPTY = new Uint8Array(0);

/**
 * Reads the whole body, refusing more than `maxBytes`. Resolves `null` when the declared
 * `Content-Length` or the bytes actually received exceed the limit (the rest is not read).
 * @example const bytes = await readBodyLimited(request, 1 << 20); if (bytes === null) return new Response(null, { status: 413 });
 */
export async function readBodyLimited(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  const outcome = await readBodyWithin(request, maxBytes, Infinity);
  return outcome instanceof Uint8Array ? outcome : null;
}

/**
 * `readBodyLimited` with a deadline (epoch ms): resolves `'timeout'` when the body has not fully
 * arrived by then, `'too-large'` above `maxBytes`. Either way the rest of the body is not read.
 */
export async function readBodyWithin(request: Request, maxBytes: number, deadline: number): Promise<Uint8Array | 'too-large' | 'timeout'> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return 'too-large';
  const body = request.body;
  if (body === null) return EMPTY;
  const reader = body.getReader();
  let timedOut = false;
  const timer = Number.isFinite(deadline)
    ? setTimeout(
        () => {
          timedOut = true;
          reader.cancel().catch(() => {});
        },
        Math.max(0, deadline - Date.now()),
      )
    : undefined;
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (timedOut) return 'timeout';
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        reader.cancel().catch(() => {});
        return 'too-large';
      }
      chunks.push(value);
    }
  } catch (error) {
    if (timedOut) return 'timeout';
    throw error;
  } finally {
    clearTimeout(timer);
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The outcome of decoding a body as JSON. */
export type JsonBody = { ok: true; value: unknown } | { ok: false; reason: string };

/** Decodes UTF-8 (strictly) and parses JSON; an empty body is an error. */
export function parseJsonBody(body: Uint8Array | string): JsonBody {
  let text: string;
  if (typeof body === 'string') {
    text = body;
  } else {
    try {
      text = strictUtf8.decode(body);
    } catch {
      return { ok: false, reason: 'body is not valid UTF-8' };
    }
  }
  if (text.length === 0) return { ok: false, reason: 'body is empty' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}
