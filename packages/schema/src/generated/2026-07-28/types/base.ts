// Copied by tools/codegen from schema/2026-07-28/base.ts. Edit the source, then run `pnpm codegen`.
/**
 * Building blocks shared by every feature: the generic request, notification and result
 * shapes, the caching hints, and the small descriptive objects (identity, icons, annotations).
 *
 * Source: `2026-07-28/pages/basic/index.mdx`, `2026-07-28/pages/server/utilities/caching.mdx`,
 * `2026-07-28/schema.json`.
 */

import type { NotificationMetaObject, RequestMetaObject, ResultMetaObject } from './meta.js';

/**
 * The method-and-params core of any request, before the JSON-RPC envelope is added. Also the
 * shape of the input requests a server embeds in an InputRequiredResult.
 */
export interface Request {
  /** Name of the operation to perform. */
  method: string;
  /**
   * Arguments of the operation. Concrete requests narrow this to a named params type; the
   * open index signature here only lets them do so.
   */
  params?: { [key: string]: any };
}

/**
 * The method-and-params core of any notification, before the JSON-RPC envelope is added.
 */
export interface Notification {
  /** Name of the event being reported. */
  method: string;
  /**
   * Details of the event. Concrete notifications narrow this to a named params type; the open
   * index signature here only lets them do so.
   */
  params?: { [key: string]: any };
}

/**
 * Parameters every client request carries: at least the required `_meta`, which is why `params`
 * can never be left out, even for requests that take no arguments.
 */
export interface RequestParams {
  /** Per-request protocol version, client capabilities and other reserved keys. */
  _meta: RequestMetaObject;
}

/**
 * Parameters every notification may carry.
 */
export interface NotificationParams {
  /** Reserved and free metadata; names the listen stream for listen-stream notifications. */
  _meta?: NotificationMetaObject;
}

/**
 * What kind of result an object is, so the receiver knows how to read it. The core values are
 * `"complete"` (final answer) and `"input_required"` (an InputRequiredResult asking for more input);
 * extensions may add values only when advertised, and unknown values make the result invalid.
 */
export type ResultType = string;

/**
 * Fields common to every result a server returns. Other members are allowed.
 */
export interface Result {
  /** Reserved and free metadata about the result, such as the server's identity. */
  _meta?: ResultMetaObject;
  /**
   * Kind of result; servers on this revision always send it. A result without it comes from an
   * older server and counts as `"complete"`.
   */
  resultType: ResultType;
  [key: string]: unknown;
}

/**
 * A result that tells the client how long, and for whom, it may be reused from a cache. Required
 * on the complete results of discovery, the list methods and `resources/read`.
 */
export interface CacheableResult extends Result {
  /**
   * How many milliseconds after receipt the result stays fresh, like HTTP `max-age`. `0` means
   * stale at once; this is not a polling interval.
   * @minimum 0
   */
  ttlMs: number;
  /**
   * Who may share a cached copy: `"public"` means any client or intermediary across users;
   * `"private"` means only requests made with the same authorization.
   */
  cacheScope: 'public' | 'private';
}

/**
 * A name for code and an optional title for people, shared by most named objects.
 */
export interface BaseMetadata {
  /**
   * Identifier meant for programs; shown to people only when there is no title.
   */
  name: string;
  /**
   * Human-friendly display name. When absent, display `name` (for tools, `annotations.title`
   * comes before `name`).
   */
  title?: string;
}

/**
 * An image a client may show for an object, optionally restricted to sizes and a theme.
 */
export interface Icon {
  /**
   * Where the image is: an HTTP(S) URL or a `data:` URI. Consumers should check the origin and be
   * careful with SVG, which can embed script.
   * @format uri
   */
  src: string;
  /** MIME type to use when the source does not tell it well, e.g. `image/png`. */
  mimeType?: string;
  /** Sizes the image suits, each `WxH` (such as `48x48`) or `any`; absent means any size. */
  sizes?: string[];
  /** Background the image is drawn for: `light` or `dark`; absent means either. */
  theme?: 'light' | 'dark';
}

/**
 * Mixin for objects that can carry a list of icons.
 */
export interface Icons {
  /**
   * Icons a client may display for this object. Clients that show icons must handle PNG and
   * JPEG and should handle SVG and WebP.
   */
  icons?: Icon[];
}

/**
 * Identity of a client or server program, as reported by itself.
 */
export interface Implementation extends BaseMetadata, Icons {
  /** Version string of the program. */
  version: string;
  /** What the program is for, in plain words. */
  description?: string;
  /**
   * Home page of the program.
   * @format uri
   */
  websiteUrl?: string;
}

/**
 * Who a message or piece of content is for, or who produced it: the user or the model.
 */
export type Role = 'user' | 'assistant';

/**
 * Hints that help a client decide how to use or show an object. They are advisory only.
 */
export interface Annotations {
  /** Who the content is meant for; may list both roles. */
  audience?: Role[];
  /**
   * How much the content matters, from 0 (optional) to 1 (effectively required).
   * @TJS-type number
   * @minimum 0
   * @maximum 1
   */
  priority?: number;
  /** When the underlying data last changed, as an ISO 8601 timestamp (e.g. `2025-01-12T15:00:58Z`). */
  lastModified?: string;
}
