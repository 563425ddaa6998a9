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
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return null;
  const body = request.body;
  if (body === null) return EMPTY;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
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
