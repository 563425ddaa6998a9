// Copied by tools/codegen from schema/2026-07-28/resources.ts. Edit the source, then run `pnpm codegen`.
/**
 * Resources: data the server exposes by URI, the templates that describe families of URIs, and
 * the methods and notifications that list, read and watch them.
 *
 * Source: `2026-07-28/pages/server/resources.mdx`, `2026-07-28/schema.json`.
 */

import type { Annotations, BaseMetadata, CacheableResult, Icons, NotificationParams, RequestParams } from './base.js';
import type { BlobResourceContents, TextResourceContents } from './content.js';
import type { JSONRPCNotification, JSONRPCRequest, JSONRPCResultResponse } from './jsonrpc.js';
import type { MetaObject } from './meta.js';
import type { InputRequiredResult, InputResponseRequestParams } from './mrtr.js';
import type { PaginatedRequest, PaginatedResult } from './pagination.js';

/**
 * A resource the server can read, as listed by `resources/list`.
 */
export interface Resource extends BaseMetadata, Icons {
  /**
   * The URI that identifies the resource and is passed to `resources/read`.
   * @format uri
   */
  uri: string;
  /** What the resource holds, written to help a model decide whether to use it. */
  description?: string;
  /** Media type of the resource, when known. */
  mimeType?: string;
  /** Hints about audience, importance and age. */
  annotations?: Annotations;
  /** Size of the raw contents in bytes (before any base64 encoding), when known. */
  size?: number;
  /** Free metadata about the resource. */
  _meta?: MetaObject;
}

/**
 * A pattern for a family of resources whose URIs the client fills in itself.
 */
export interface ResourceTemplate extends BaseMetadata, Icons {
  /**
   * RFC 6570 URI template that expands to the URIs of matching resources.
   * @format uri-template
   */
  uriTemplate: string;
  /** What the matching resources hold, written to help a model decide whether to use them. */
  description?: string;
  /** Media type shared by every matching resource; give it only when they all have the same one. */
  mimeType?: string;
  /** Hints about audience, importance and age. */
  annotations?: Annotations;
  /** Free metadata about the template. */
  _meta?: MetaObject;
}

/**
 * Parameters shared by requests that act on one resource.
 */
export interface ResourceRequestParams extends RequestParams {
  /**
   * URI of the resource; the scheme is free and the server decides how to interpret it.
   * @format uri
   */
  uri: string;
}

/**
 * Asks the server for (one page of) the resources it offers.
 * @mcpResult ListResourcesResult
 * @mcpCapability server.resources
 */
export interface ListResourcesRequest extends PaginatedRequest {
  /** Always `"resources/list"`. */
  method: 'resources/list';
}

/**
 * One page of the server's resources, with caching hints.
 */
export interface ListResourcesResult extends PaginatedResult, CacheableResult {
  /** The resources on this page. */
  resources: Resource[];
}

/**
 * The successful response to `resources/list`.
 */
export interface ListResourcesResultResponse extends JSONRPCResultResponse {
  /** The page of resources. */
  result: ListResourcesResult;
}

/**
 * Asks the server for (one page of) its resource templates.
 * @mcpResult ListResourceTemplatesResult
 * @mcpCapability server.resources
 */
export interface ListResourceTemplatesRequest extends PaginatedRequest {
  /** Always `"resources/templates/list"`. */
  method: 'resources/templates/list';
}

/**
 * One page of the server's resource templates, with caching hints.
 */
export interface ListResourceTemplatesResult extends PaginatedResult, CacheableResult {
  /** The templates on this page. */
  resourceTemplates: ResourceTemplate[];
}

/**
 * The successful response to `resources/templates/list`.
 */
export interface ListResourceTemplatesResultResponse extends JSONRPCResultResponse {
  /** The page of templates. */
  result: ListResourceTemplatesResult;
}

/**
 * Parameters of `resources/read`; a retry after an InputRequiredResult also carries the answers.
 */
export interface ReadResourceRequestParams extends ResourceRequestParams, InputResponseRequestParams {
  /**
   * URI of the resource to read; the scheme is free and the server decides how to interpret it.
   * @format uri
   */
  uri: string;
}

/**
 * Asks the server for the contents of one resource. It may answer with an InputRequiredResult.
 * @mcpResult ReadResourceResult
 * @mcpName params.uri
 * @mcpCapability server.resources
 */
export interface ReadResourceRequest extends JSONRPCRequest {
  /** Always `"resources/read"`. */
  method: 'resources/read';
  /** Which resource to read, plus any input responses of a retry. */
  params: ReadResourceRequestParams;
}

/**
 * The contents of a resource; several entries are possible (e.g. the files of a directory).
 * A missing resource is an error (-32602), not an empty list.
 */
export interface ReadResourceResult extends CacheableResult {
  /** The contents read, each as text or as base64 bytes. */
  contents: (TextResourceContents | BlobResourceContents)[];
}

/**
 * The successful response to `resources/read`: the contents, or a request for more input.
 */
export interface ReadResourceResultResponse extends JSONRPCResultResponse {
  /** The contents, or what the server still needs before it can return them. */
  result: InputRequiredResult | ReadResourceResult;
}

/**
 * Tells a listener that the set of available resources changed. Sent only on a
 * `subscriptions/listen` stream that asked for `resourcesListChanged`.
 * @mcpCapability server.resources.listChanged
 */
export interface ResourceListChangedNotification extends JSONRPCNotification {
  /** Always `"notifications/resources/list_changed"`. */
  method: 'notifications/resources/list_changed';
  /** Only the `_meta` naming the listen stream. */
  params?: NotificationParams;
}

/**
 * Parameters of `notifications/resources/updated`.
 */
export interface ResourceUpdatedNotificationParams extends NotificationParams {
  /**
   * The resource that changed; it may be a sub-resource of the URI the client watches.
   * @format uri
   */
  uri: string;
}

/**
 * Tells a listener that a watched resource changed and may be worth reading again. Sent only for
 * URIs listed in the stream's `resourceSubscriptions`.
 * @mcpCapability server.resources.subscribe
 */
export interface ResourceUpdatedNotification extends JSONRPCNotification {
  /** Always `"notifications/resources/updated"`. */
  method: 'notifications/resources/updated';
  /** Which resource changed. */
  params: ResourceUpdatedNotificationParams;
}
