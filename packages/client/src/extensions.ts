import type { JsonObject } from '@mcpkit/jsonrpc';
import type { JSONObject, Validator } from '@mcpkit/schema';
import type { InputHandlers } from './handlers.js';
import type { CallOptions } from './options.js';

/**
 * A protocol extension as a client runs it (basic/versioning.mdx "Extensions"): declared in
 * `capabilities.extensions` of every request, with the methods it adds (their result schema and
 * `Mcp-Name` source) and the `resultType` values it lets a server answer other methods with. Our
 * tasks and skills clients are built on this alone; `ModernClientOptions.extensions` takes a list.
 */
export interface ClientExtension {
  /** The extension's identifier with its vendor prefix, e.g. `io.modelcontextprotocol/tasks`. */
  readonly id: string;
  /** What the client declares for it in `capabilities.extensions[id]` (default `{}`). */
  readonly settings?: JSONObject;
  /** Methods it adds, by name. */
  readonly methods?: Readonly<Record<string, ClientExtensionMethod>>;
  /** `resultType` values (besides `complete` and `input_required`) it allows on a method's result, by method then type. */
  readonly resultTypes?: Readonly<Record<string, Readonly<Record<string, ExtensionResultType>>>>;
}

/** What a client needs to know of an extension's method. */
export interface ClientExtensionMethod {
  /** Checks its complete result where it enters (default: the generic `Result` check). */
  readonly result?: Validator<unknown>;
  /** The `params` member mirrored into the HTTP `Mcp-Name` header, if any (e.g. `taskId`). */
  readonly nameSource?: string;
}

/** A `resultType` an extension adds to a method. */
export interface ExtensionResultType {
  /** Checks such a result where it enters. */
  readonly validate: Validator<unknown>;
  /**
   * Turns such a result of a typed call (`callTool`...) into that call's own result (the tasks
   * extension waits for the task and returns its `CallToolResult`). Without it the typed call
   * rejects; `request()` always returns the result as it came.
   */
  settle?(result: JsonObject, call: SettleCall): Promise<JsonObject>;
}

/** The call whose result is being settled. */
export interface SettleCall {
  readonly method: string;
  readonly params: Record<string, unknown>;
  readonly options: CallOptions | undefined;
  /** The handlers that answer this call's input requests (the call's own, else the client's). */
  readonly handlers: InputHandlers;
  /** Sends another request through the same client (with the protocol `_meta`). */
  request(method: string, params: Record<string, unknown>, options?: CallOptions): Promise<JsonObject>;
}

/** The extensions of one client, indexed. */
export class ClientExtensions {
  /** `capabilities.extensions` as declared, or undefined when there are none. */
  readonly declared: Readonly<Record<string, JSONObject>> | undefined;
  private readonly methods = new Map<string, ClientExtensionMethod>();
  private readonly types = new Map<string, ReadonlyMap<string, ExtensionResultType>>();

  constructor(extensions: readonly ClientExtension[] = []) {
    const declared: Record<string, JSONObject> = {};
    for (const extension of extensions) {
      if (typeof extension?.id !== 'string' || !extension.id.includes('/')) {
        throw new TypeError(`Extension id ${JSON.stringify(extension?.id)} must be "<vendor prefix>/<name>" (basic/versioning.mdx)`);
      }
      if (extension.id in declared) throw new TypeError(`Extension ${extension.id} is given twice`);
      declared[extension.id] = extension.settings ?? {};
      for (const [name, info] of Object.entries(extension.methods ?? {})) this.methods.set(name, info);
      for (const [method, byType] of Object.entries(extension.resultTypes ?? {})) {
        const map = new Map(this.types.get(method) ?? []);
        for (const [type, info] of Object.entries(byType)) {
          if (type === 'complete' || type === 'input_required') throw new TypeError(`Extension ${extension.id}: resultType "${type}" belongs to the core`);
          map.set(type, info);
        }
        this.types.set(method, map);
      }
    }
    this.declared = extensions.length > 0 ? declared : undefined;
  }

  /** The extension method `method`, if an extension adds it. */
  method(method: string): ClientExtensionMethod | undefined {
    return this.methods.get(method);
  }

  /** The extension `resultType` `type` of `method`, if an extension allows it. */
  resultType(method: string, type: unknown): ExtensionResultType | undefined {
    return typeof type === 'string' ? this.types.get(method)?.get(type) : undefined;
  }
}
