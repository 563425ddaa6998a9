// Copied by tools/codegen from schema/2025-11-25/resources.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: resources, data a server exposes by URI for use as context. The client lists
 * resources and URI templates, reads contents, and (when the server allows it) subscribes to
 * changes of one resource; the server announces list changes and updates.
 *
 * Spec: 2025-11-25/pages/server/resources.mdx
 */

import type { Annotations, BaseMetadata, Icons, NotificationParams, RequestParams, Result } from './base.js';
import type { JSONRPCNotification, JSONRPCRequest } from './jsonrpc.js';
import type { PaginatedRequest, PaginatedResult } from './pagination.js';

/** A concrete resource the server can read. */
export interface Resource extends BaseMetadata, Icons {
  /**
   * Where the resource lives.
   * @format uri
   */
  uri: string;
  /** What the resource holds, as a hint that helps the model decide whether to use it. */
  description?: string;
  /** Media type of the contents, when the server knows it. */
  mimeType?: string;
  /** Display and audience hints for the client. */
  annotations?: Annotations;
  /**
   * Length of the raw contents in bytes (before base64 or tokenization), when known; lets hosts
   * show sizes and budget context.
   */
  size?: number;
  /** Free-form metadata; MCP reserves some key prefixes for itself. */
  _meta?: { [key: string]: unknown };
}

/** A parameterised family of resources whose URIs follow a template. */
export interface ResourceTemplate extends BaseMetadata, Icons {
  /**
   * An RFC 6570 URI template; filling in its variables yields resource URIs.
   * @format uri-template
   */
  uriTemplate: string;
  /** What the matching resources are for, as a hint for the model. */
  description?: string;
  /** Media type shared by every matching resource; give it only when all of them have it. */
  mimeType?: string;
  /** Display and audience hints for the client. */
  annotations?: Annotations;
  /** Free-form metadata; MCP reserves some key prefixes for itself. */
  _meta?: { [key: string]: unknown };
}

/** The part every piece of resource contents has, whether text or binary. */
export interface ResourceContents {
  /**
   * The URI these contents belong to (the resource itself or a part of it).
   * @format uri
   */
  uri: string;
  /** Media type of these contents, when known. */
  mimeType?: string;
  /** Free-form metadata; MCP reserves some key prefixes for itself. */
  _meta?: { [key: string]: unknown };
}

/** Resource contents that are text. */
export interface TextResourceContents extends ResourceContents {
  /** The text; used only when the data really is text rather than bytes. */
  text: string;
}

/** Resource contents that are binary. */
export interface BlobResourceContents extends ResourceContents {
  /**
   * The bytes, base64-encoded.
   * @format byte
   */
  blob: string;
}

/**
 * Asks the server for the resources it offers, one page at a time.
 * @mcpResult ListResourcesResult
 * @mcpCapability server.resources
 */
export interface ListResourcesRequest extends PaginatedRequest {
  /** Always `resources/list`. */
  method: 'resources/list';
}

/** One page of the server's resources. */
export interface ListResourcesResult extends PaginatedResult {
  /** The resources on this page. */
  resources: Resource[];
}

/**
 * Asks the server for its resource URI templates, one page at a time.
 * @mcpResult ListResourceTemplatesResult
 * @mcpCapability server.resources
 */
export interface ListResourceTemplatesRequest extends PaginatedRequest {
  /** Always `resources/templates/list`. */
  method: 'resources/templates/list';
}

/** One page of the server's resource templates. */
export interface ListResourceTemplatesResult extends PaginatedResult {
  /** The templates on this page. */
  resourceTemplates: ResourceTemplate[];
}

/** Parameters of any request that targets one resource by URI. */
export interface ResourceRequestParams extends RequestParams {
  /**
   * The resource's URI, in any scheme; the server decides what it means.
   * @format uri
   */
  uri: string;
}

/**
 * Asks the server for the contents of one resource.
 * @mcpResult ReadResourceResult
 * @mcpCapability server.resources
 */
export interface ReadResourceRequest extends JSONRPCRequest {
  /** Always `resources/read`. */
  method: 'resources/read';
  /** Which resource to read. */
  params: ReadResourceRequestParams;
}

/** Which resource to read. */
export interface ReadResourceRequestParams extends ResourceRequestParams {}

/** The contents of a resource that was read. */
export interface ReadResourceResult extends Result {
  /** One or more pieces of contents (a resource may expand into several sub-resources). */
  contents: (TextResourceContents | BlobResourceContents)[];
}

/**
 * Asks the server to send `notifications/resources/updated` whenever the given resource
 * changes, until unsubscribed.
 * @mcpResult EmptyResult
 * @mcpCapability server.resources.subscribe
 */
export interface SubscribeRequest extends JSONRPCRequest {
  /** Always `resources/subscribe`. */
  method: 'resources/subscribe';
  /** Which resource to watch. */
  params: SubscribeRequestParams;
}

/** Which resource to watch. */
export interface SubscribeRequestParams extends ResourceRequestParams {}

/**
 * Asks the server to stop the update notifications started by an earlier
 * `resources/subscribe`.
 * @mcpResult EmptyResult
 * @mcpCapability server.resources.subscribe
 */
export interface UnsubscribeRequest extends JSONRPCRequest {
  /** Always `resources/unsubscribe`. */
  method: 'resources/unsubscribe';
  /** Which resource to stop watching. */
  params: UnsubscribeRequestParams;
}

/** Which resource to stop watching. */
export interface UnsubscribeRequestParams extends ResourceRequestParams {}

/**
 * Tells the client that the set of readable resources changed, so it may list them again.
 * Sent without any prior subscription.
 * @mcpCapability server.resources.listChanged
 */
export interface ResourceListChangedNotification extends JSONRPCNotification {
  /** Always `notifications/resources/list_changed`. */
  method: 'notifications/resources/list_changed';
  /** Carries nothing but optional metadata. */
  params?: NotificationParams;
}

/**
 * Tells the client that a resource it subscribed to has changed and may be worth reading
 * again. Only sent after a `resources/subscribe`.
 * @mcpCapability server.resources.subscribe
 */
export interface ResourceUpdatedNotification extends JSONRPCNotification {
  /** Always `notifications/resources/updated`. */
  method: 'notifications/resources/updated';
  /** Which resource changed. */
  params: ResourceUpdatedNotificationParams;
}

/** Which resource changed. */
export interface ResourceUpdatedNotificationParams extends NotificationParams {
  /**
   * Where the change happened; may be a part (sub-resource) of the resource that was subscribed.
   * @format uri
   */
  uri: string;
}
