import { isJsonObject } from '@mcpkit/jsonrpc';
import type { Tool } from '@mcpkit/schema';
import { UI_EXTENSION_ID, UI_MIME_TYPE, type UiToolMeta, type UiVisibility } from './protocol.js';

// spec: extensions/apps/2026-01-26/apps.mdx "Resource Discovery" — the flat key is deprecated, still read.
const FLAT_RESOURCE_URI = 'ui/resourceUri';
const DEFAULT_VISIBILITY: readonly UiVisibility[] = Object.freeze(['model', 'app']);

/** A tool's UI metadata, `_meta.ui` (the deprecated flat `_meta["ui/resourceUri"]` read too); undefined when it has none. */
export function toolUi(tool: Pick<Tool, '_meta'>): UiToolMeta | undefined {
  const meta = tool._meta;
  if (!isJsonObject(meta)) return undefined;
  const ui = isJsonObject(meta.ui) ? meta.ui : undefined;
  const flat = typeof meta[FLAT_RESOURCE_URI] === 'string' ? (meta[FLAT_RESOURCE_URI] as string) : undefined;
  if (!ui && flat === undefined) return undefined;
  const out: UiToolMeta = {};
  const uri = typeof ui?.resourceUri === 'string' ? ui.resourceUri : flat;
  if (uri !== undefined) out.resourceUri = uri;
  if (Array.isArray(ui?.visibility)) out.visibility = ui.visibility.filter((v): v is UiVisibility => v === 'model' || v === 'app');
  return out;
}

/** Who may use the tool: its `_meta.ui.visibility`, `["model", "app"]` when omitted. */
export function visibilityOf(tool: Pick<Tool, '_meta'>): readonly UiVisibility[] {
  return toolUi(tool)?.visibility ?? DEFAULT_VISIBILITY;
}

/** Whether the model may see and call the tool (its visibility includes `"model"`). */
export function isModelVisible(tool: Pick<Tool, '_meta'>): boolean {
  return visibilityOf(tool).includes('model');
}

/** Whether a view of the same server may call the tool (its visibility includes `"app"`). */
export function isAppCallable(tool: Pick<Tool, '_meta'>): boolean {
  return visibilityOf(tool).includes('app');
}

/** The `ui://` view URI of the tool, if it has one. */
export function viewUriOf(tool: Pick<Tool, '_meta'>): string | undefined {
  return toolUi(tool)?.resourceUri;
}

/**
 * Whether client capabilities declare the extension with the MIME type (default the HTML view
 * type): `capabilities.extensions["io.modelcontextprotocol/ui"].mimeTypes` includes it.
 */
export function clientRendersViews(capabilities: unknown, mimeType: string = UI_MIME_TYPE): boolean {
  if (!isJsonObject(capabilities) || !isJsonObject(capabilities.extensions)) return false;
  const settings = capabilities.extensions[UI_EXTENSION_ID];
  return isJsonObject(settings) && Array.isArray(settings.mimeTypes) && settings.mimeTypes.includes(mimeType);
}
