import { missingClientExtension, tool, type JsonSchemaObject, type ToolConfig, type ToolDefinition, type ToolSchema } from '@mcpkit/server';
import { clientRendersViews } from '../tool-meta.js';
import { UI_EXTENSION_ID, type UiVisibility } from '../protocol.js';

/** How a server author describes a tool linked to a view. */
export interface AppToolConfig<S extends ToolSchema = JsonSchemaObject> extends ToolConfig<S> {
  /** The view that renders the tool's results (`_meta.ui.resourceUri`); omit for a tool only a view calls. */
  view?: string;
  /**
   * Who may use it (default `["model", "app"]`): `["app"]` hides it from the model and from clients
   * that did not declare the extension (they are refused `-32021` if they call it).
   */
  visibility?: UiVisibility[];
}

/** A tool of an apps server: the definition to register and the view it links. */
export interface AppToolDefinition extends ToolDefinition {
  readonly view: string | undefined;
  readonly visibility: readonly UiVisibility[];
}

/**
 * Defines a tool linked to a view (`_meta.ui.resourceUri`, and the deprecated flat
 * `_meta["ui/resourceUri"]` hosts of early drafts read) with its `visibility`. An app-only tool
 * (`["app"]`) answers `-32021` to a client that did not declare `io.modelcontextprotocol/ui`.
 * Its result should still say in `content` what a text-only client needs (the spec's fallback).
 *
 * @example appTool({ name: 'show_clock', view: 'ui://clock/face', handler: () => ({ content: [{ type: 'text', text: new Date().toISOString() }] }) })
 */
export function appTool<S extends ToolSchema = JsonSchemaObject>(config: AppToolConfig<S>): AppToolDefinition {
  const { view, visibility: declared, ...rest } = config;
  const where = `App tool ${JSON.stringify(config.name)}`;
  if (view !== undefined && (typeof view !== 'string' || !view.startsWith('ui://'))) {
    throw new TypeError(`${where}: view must be a ui:// URI, got ${JSON.stringify(view)}`);
  }
  if (declared !== undefined) {
    const ok =
      Array.isArray(declared) && declared.length > 0 && declared.every((v) => v === 'model' || v === 'app') && new Set(declared).size === declared.length;
    if (!ok) throw new TypeError(`${where}: visibility must list "model" and/or "app" once each, got ${JSON.stringify(declared)}`);
  }
  if (view === undefined && declared === undefined) throw new TypeError(`${where}: give it a view, a visibility, or both (else it is a plain tool)`);
  const visibility = Object.freeze([...(declared ?? ['model', 'app'])]) as readonly UiVisibility[];
  const appOnly = !visibility.includes('model');
  const handler = config.handler;
  const ui = { ...(view !== undefined && { resourceUri: view }), ...(declared !== undefined && { visibility: [...visibility] }) };
  const definition = tool({
    ...(rest as ToolConfig<S>),
    _meta: { ...config._meta, ui, ...(view !== undefined && { 'ui/resourceUri': view }) },
    handler: (args, ctx) => {
      // spec: extensions/apps/2026-01-26/apps.mdx "Visibility" — an app-only tool is not the model's; a
      // client that renders no views has no app that could call it.
      if (appOnly && !clientRendersViews(ctx.meta.clientCapabilities)) throw missingClientExtension(UI_EXTENSION_ID);
      return handler(args, ctx);
    },
  });
  return Object.freeze({ ...definition, view, visibility });
}
