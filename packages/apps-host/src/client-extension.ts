import { UI_EXTENSION_ID, UI_MIME_TYPE } from '@mcpkit/apps';
import type { ClientExtension } from '@mcpkit/client';

/** Options of `appsExtension`. */
export interface AppsExtensionOptions {
  /** The view MIME types this client renders (default `["text/html;profile=mcp-app"]`). */
  mimeTypes?: readonly string[];
}

/**
 * MCP Apps for a `ModernClient` (`extensions: [appsExtension()]`): the client declares
 * `io.modelcontextprotocol/ui` with the MIME types it renders, so servers send tools with their views.
 *
 * @example const client = new ModernClient(transport, { extensions: [appsExtension()] });
 */
export function appsExtension(options: AppsExtensionOptions = {}): ClientExtension {
  const mimeTypes = [...(options.mimeTypes ?? [UI_MIME_TYPE])];
  if (mimeTypes.length === 0 || !mimeTypes.every((type) => typeof type === 'string' && type.length > 0)) {
    throw new TypeError('appsExtension: mimeTypes must list at least one MIME type');
  }
  return { id: UI_EXTENSION_ID, settings: { mimeTypes } };
}
