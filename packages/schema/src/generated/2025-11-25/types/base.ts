// Copied by tools/codegen from schema/2025-11-25/base.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: the building blocks every other message is made of: the generic request,
 * notification and result shapes, progress tokens, cursors, and the display metadata
 * (names, titles, icons, annotations) shared by tools, prompts, resources and implementations.
 *
 * `EmptyResult` lives in ping.ts (see the note there on why).
 *
 * Spec: 2025-11-25/pages/basic/index.mdx
 */

/**
 * The shape common to every request, before the JSON-RPC envelope is added: a method name and
 * optional parameters.
 */
export interface Request {
  /** Name of the operation being asked for. */
  method: string;
  /** Method-specific arguments, if the method takes any. */
  params?: { [key: string]: any };
}

/** Parameters every request may carry, whatever its method. */
export interface RequestParams {
  /**
   * Free-form metadata attached to the request; MCP reserves some key prefixes for itself.
   */
  _meta?: {
    /**
     * When set, the sender asks to receive `notifications/progress` for this request, tagged with
     * this opaque token; the receiver may ignore the ask.
     */
    progressToken?: ProgressToken;
    [key: string]: unknown;
  };
}

/** The shape common to every notification: a method name and optional parameters, no reply. */
export interface Notification {
  /** Name of the event being announced. */
  method: string;
  /** Method-specific payload, if the notification has one. */
  params?: { [key: string]: any };
}

/** Parameters every notification may carry, whatever its method. */
export interface NotificationParams {
  /** Free-form metadata attached to the notification; MCP reserves some key prefixes for itself. */
  _meta?: { [key: string]: unknown };
}

/**
 * The shape common to every successful response body. Any extra member is allowed, so a result
 * the receiver does not know still parses.
 */
export interface Result {
  /** Free-form metadata attached to the result; MCP reserves some key prefixes for itself. */
  _meta?: { [key: string]: unknown };
  [key: string]: unknown;
}

/**
 * An opaque value, chosen by the requester and unique among its active requests, that ties
 * progress notifications back to the request that asked for them.
 */
export type ProgressToken = string | number;

/** An opaque position in a paginated listing; only the server that issued it can interpret it. */
export type Cursor = string;

/** Who a message or piece of content comes from, or is meant for, in a conversation. */
export type Role = 'user' | 'assistant';

/** Identifying names shared by things a server exposes: a machine name and a display title. */
export interface BaseMetadata {
  /**
   * Stable identifier meant for code; also shown to people when no `title` is given.
   */
  name: string;
  /**
   * Human-friendly label for user interfaces. When absent, show `name` (for tools,
   * `annotations.title` comes before `name`).
   */
  title?: string;
}

/** A picture a user interface can show next to an item, optionally tied to a size and theme. */
export interface Icon {
  /**
   * Where to fetch the image: an http(s) URL or a `data:` URI holding base64 image bytes.
   * Consumers should only trust sources from the same or a trusted origin.
   * @format uri
   */
  src: string;
  /** MIME type to assume when the source does not state a useful one (e.g. `image/png`). */
  mimeType?: string;
  /**
   * Sizes the image suits, each `WIDTHxHEIGHT` (e.g. `"48x48"`) or `"any"` for vector images;
   * when absent, any size is fine.
   */
  sizes?: string[];
  /**
   * Background the icon was drawn for: `light` or `dark`. When absent, it suits either.
   */
  theme?: 'light' | 'dark';
}

/** Mixin for things that can show icons in a user interface. */
export interface Icons {
  /**
   * Icons in various sizes for display. Clients that render icons must handle PNG and JPEG and
   * should handle SVG and WebP.
   */
  icons?: Icon[];
}

/** Name, version and display details of an MCP client or server program. */
export interface Implementation extends BaseMetadata, Icons {
  /** Version string of the program. */
  version: string;
  /** Short human-readable text saying what this program is for. */
  description?: string;
  /**
   * Home page of the program, if it has one.
   * @format uri
   */
  websiteUrl?: string;
}

/** Hints a client may use to decide how to use or display an object; never binding. */
export interface Annotations {
  /** Who the object is meant for: the user, the model, or both. */
  audience?: Role[];
  /**
   * How much the object matters, from 0 (can be left out) to 1 (effectively required).
   * @TJS-type number
   * @minimum 0
   * @maximum 1
   */
  priority?: number;
  /** When the underlying resource last changed, as an ISO 8601 timestamp (e.g. `2025-01-12T15:00:58Z`). */
  lastModified?: string;
}
