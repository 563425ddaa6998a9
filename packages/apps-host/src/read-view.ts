import { LocalError, isJsonObject } from '@mcpkit/jsonrpc';
import { UI_MIME_TYPE, type UiResourceMeta } from '@mcpkit/apps';
import type { McpClient } from '@mcpkit/client';

/** A view's HTML and metadata, as `resources/read` gave them. */
export interface LoadedView {
  readonly uri: string;
  readonly mimeType: string;
  /** The HTML document (decoded from `blob` when the server sent it so). */
  readonly html: string;
  /** `_meta.ui` of the contents (else of the listed resource, when given): CSP, permissions, domain, border. */
  readonly meta: UiResourceMeta;
}

/** Why a view could not be read: not `ui://`, no contents of the view MIME type, undecodable. */
export class ViewReadError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/apps-host/ViewReadError';

  override readonly name = 'ViewReadError';
  constructor(
    message: string,
    readonly uri: string,
  ) {
    super(message);
  }
}

function decodeBase64(text: string): string {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Reads a view with `resources/read`: the contents item of type `text/html;profile=mcp-app` for the
 * URI, its HTML (text or base64 blob) and `_meta.ui`. Throws `ViewReadError` for a URI that is not
 * `ui://`, an answer with no such item, or a blob that is not UTF-8.
 *
 * @example const view = await readView(client, 'ui://dashboard/main');
 */
export async function readView(client: Pick<McpClient, 'readResource'>, uri: string): Promise<LoadedView> {
  if (typeof uri !== 'string' || !uri.startsWith('ui://')) throw new ViewReadError(`${JSON.stringify(uri)} is not a ui:// view URI`, String(uri));
  // spec: extensions/apps/2026-01-26/apps.mdx "Resource Discovery" — the host MUST use resources/read.
  const result = await client.readResource({ uri });
  const item = result.contents.find((c) => c.uri === uri && c.mimeType === UI_MIME_TYPE) ?? result.contents.find((c) => c.mimeType === UI_MIME_TYPE);
  if (!item) {
    const types = result.contents.map((c) => c.mimeType ?? 'no MIME type').join(', ') || 'no contents';
    throw new ViewReadError(`The server answered ${uri} without ${UI_MIME_TYPE} contents (got ${types})`, uri);
  }
  let html: string;
  if ('text' in item && typeof item.text === 'string') html = item.text;
  else if ('blob' in item && typeof item.blob === 'string') {
    try {
      html = decodeBase64(item.blob);
    } catch {
      throw new ViewReadError(`The blob of ${uri} is not base64-encoded UTF-8 HTML`, uri);
    }
  } else throw new ViewReadError(`The contents of ${uri} have neither text nor blob`, uri);
  const meta = isJsonObject(item._meta) && isJsonObject(item._meta.ui) ? (item._meta.ui as UiResourceMeta) : {};
  return { uri, mimeType: UI_MIME_TYPE, html, meta };
}
