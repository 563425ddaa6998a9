// Copied by tools/codegen from schema/2025-11-25/content.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: content blocks, the pieces that make up tool results and prompt messages:
 * text, images, audio, links to resources, and whole resources embedded inline.
 *
 * Spec: 2025-11-25/pages/server/tools.mdx (Tool Result), 2025-11-25/pages/server/prompts.mdx
 * (Data Types)
 */

import type { Annotations } from './base.js';
import type { BlobResourceContents, Resource, TextResourceContents } from './resources.js';

/** Any block that may appear in a tool result or a prompt message. */
export type ContentBlock =
  | TextContent
  | ImageContent
  | AudioContent
  | ResourceLink
  | EmbeddedResource;

/** A block of plain text exchanged with a model. */
export interface TextContent {
  /** Always `text`. */
  type: 'text';
  /** The text itself. */
  text: string;
  /** Display and audience hints for the client. */
  annotations?: Annotations;
  /** Free-form metadata; MCP reserves some key prefixes for itself. */
  _meta?: { [key: string]: unknown };
}

/** An image exchanged with a model. */
export interface ImageContent {
  /** Always `image`. */
  type: 'image';
  /**
   * The image bytes, base64-encoded.
   * @format byte
   */
  data: string;
  /** Image format, such as `image/png`; which formats work depends on the model provider. */
  mimeType: string;
  /** Display and audience hints for the client. */
  annotations?: Annotations;
  /** Free-form metadata; MCP reserves some key prefixes for itself. */
  _meta?: { [key: string]: unknown };
}

/** A piece of audio exchanged with a model. */
export interface AudioContent {
  /** Always `audio`. */
  type: 'audio';
  /**
   * The audio bytes, base64-encoded.
   * @format byte
   */
  data: string;
  /** Audio format, such as `audio/wav`; which formats work depends on the model provider. */
  mimeType: string;
  /** Display and audience hints for the client. */
  annotations?: Annotations;
  /** Free-form metadata; MCP reserves some key prefixes for itself. */
  _meta?: { [key: string]: unknown };
}

/**
 * A pointer to a resource the server can read, returned inside a result instead of the data.
 * The linked resource need not appear in `resources/list`.
 */
export interface ResourceLink extends Resource {
  /** Always `resource_link`. */
  type: 'resource_link';
}

/**
 * A resource's contents placed directly in a prompt or tool result; the client decides how to
 * present it to the model or the user.
 */
export interface EmbeddedResource {
  /** Always `resource`. */
  type: 'resource';
  /** The embedded contents, as text or as base64 bytes. */
  resource: TextResourceContents | BlobResourceContents;
  /** Display and audience hints for the client. */
  annotations?: Annotations;
  /** Free-form metadata; MCP reserves some key prefixes for itself. */
  _meta?: { [key: string]: unknown };
}
