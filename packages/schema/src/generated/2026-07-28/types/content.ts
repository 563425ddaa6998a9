// Copied by tools/codegen from schema/2026-07-28/content.ts. Edit the source, then run `pnpm codegen`.
/**
 * Content blocks that make up tool results and prompt messages, and the resource contents that
 * can be embedded in them or read directly.
 *
 * Source: `2026-07-28/pages/server/tools.mdx` (tool results), `2026-07-28/pages/server/prompts.mdx`,
 * `2026-07-28/pages/server/resources.mdx`, `2026-07-28/schema.json`.
 */

import type { Annotations } from './base.js';
import type { MetaObject } from './meta.js';
import type { Resource } from './resources.js';

/**
 * A block of plain text exchanged with a model.
 */
export interface TextContent {
  /** Discriminator: always `"text"`. */
  type: 'text';
  /** The text itself. */
  text: string;
  /** Hints about audience, importance and age. */
  annotations?: Annotations;
  /** Free metadata about this block. */
  _meta?: MetaObject;
}

/**
 * An image exchanged with a model, inlined as base64.
 */
export interface ImageContent {
  /** Discriminator: always `"image"`. */
  type: 'image';
  /**
   * The image bytes, base64-encoded.
   * @format byte
   */
  data: string;
  /** Media type of the image, e.g. `image/png`; which ones work depends on the model provider. */
  mimeType: string;
  /** Hints about audience, importance and age. */
  annotations?: Annotations;
  /** Free metadata about this block. */
  _meta?: MetaObject;
}

/**
 * A piece of audio exchanged with a model, inlined as base64.
 */
export interface AudioContent {
  /** Discriminator: always `"audio"`. */
  type: 'audio';
  /**
   * The audio bytes, base64-encoded.
   * @format byte
   */
  data: string;
  /** Media type of the audio, e.g. `audio/wav`; which ones work depends on the model provider. */
  mimeType: string;
  /** Hints about audience, importance and age. */
  annotations?: Annotations;
  /** Free metadata about this block. */
  _meta?: MetaObject;
}

/**
 * A pointer to a resource the server can read, placed in a tool result or prompt. The resource
 * need not appear in `resources/list`.
 */
export interface ResourceLink extends Resource {
  /** Discriminator: always `"resource_link"`. */
  type: 'resource_link';
}

/**
 * A resource whose contents travel inline inside a tool result or prompt. The client decides how
 * to present it to the user or the model.
 */
export interface EmbeddedResource {
  /** Discriminator: always `"resource"`. */
  type: 'resource';
  /** The embedded contents, as text or as base64 bytes. */
  resource: TextResourceContents | BlobResourceContents;
  /** Hints about audience, importance and age. */
  annotations?: Annotations;
  /** Free metadata about this block. */
  _meta?: MetaObject;
}

/**
 * One block of content in a tool result or prompt message: text, image, audio, a resource link
 * or an embedded resource.
 */
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

/**
 * Fields shared by the contents of a resource (or of one of its sub-resources).
 */
export interface ResourceContents {
  /**
   * The URI these contents belong to.
   * @format uri
   */
  uri: string;
  /** Media type of the contents, when known. */
  mimeType?: string;
  /** Free metadata about these contents. */
  _meta?: MetaObject;
}

/**
 * Resource contents that can be represented as text.
 */
export interface TextResourceContents extends ResourceContents {
  /** The contents as text; used only when the data really is text, not binary. */
  text: string;
}

/**
 * Resource contents given as binary data.
 */
export interface BlobResourceContents extends ResourceContents {
  /**
   * The raw bytes, base64-encoded.
   * @format byte
   */
  blob: string;
}
