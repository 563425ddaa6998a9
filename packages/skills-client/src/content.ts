import type { McpClient, CallOptions } from '@mcpkit/client';
import { SkillVerificationError } from './errors.js';

/** A file of a skill as it was read and verified. */
export interface SkillFile {
  readonly uri: string;
  readonly mimeType: string | undefined;
  /** Its raw bytes (those the digest covers). */
  readonly bytes: Uint8Array;
  /** Its text, when the server sent it as text. */
  readonly text: string | undefined;
}

const encoder = new TextEncoder();

function fromBase64(blob: string): Uint8Array {
  const binary = atob(blob);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Reads `uri` with `resources/read` and returns its bytes (text is UTF-8 encoded, a blob decoded). */
export async function readFile(client: McpClient, uri: string, options?: CallOptions): Promise<SkillFile> {
  const result = await client.readResource({ uri }, options);
  const item = result.contents.find((c) => c.uri === uri) ?? (result.contents.length === 1 ? result.contents[0] : undefined);
  if (item && 'text' in item && typeof item.text === 'string') return { uri, mimeType: item.mimeType, bytes: encoder.encode(item.text), text: item.text };
  if (item && 'blob' in item && typeof item.blob === 'string') {
    let bytes: Uint8Array;
    try {
      bytes = fromBase64(item.blob);
    } catch {
      throw new SkillVerificationError('content', uri, `${uri} came as a blob that is not base64`);
    }
    return { uri, mimeType: item.mimeType, bytes, text: undefined };
  }
  throw new SkillVerificationError('content', uri, `resources/read of ${uri} answered no content for it`);
}
