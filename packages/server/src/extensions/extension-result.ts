import { hasBrand } from '@mcpkit/jsonrpc';

/**
 * What a handler returns to answer with a `resultType` an extension defines (the tasks extension's
 * `task`, say) instead of the method's own result. Dispatch sends `body` as it is, with `resultType`
 * and the server's `_meta`, provided an extension of the server declared that `resultType` for the
 * method (`ServerExtension.resultTypes`); anything else is a bug answered `-32603`.
 */
export class ExtensionResult {
  /** The brand `instanceof` recognises across copies of this package (see `hasBrand` of @mcpkit/jsonrpc). */
  static readonly '@mcpkit/brand': string = '@mcpkit/server/ExtensionResult';
  /** `instanceof` by brand, so an instance from another copy of this package is recognised. */
  static [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asks about, a subclass included
    return hasBrand(this, value);
  }
  constructor(
    /** The `resultType`, e.g. `task`. */
    readonly resultType: string,
    /** The rest of the result. */
    readonly body: Readonly<Record<string, unknown>>,
  ) {}
}

/**
 * Builds an extension's answer to a request.
 *
 * @example return extensionResult('task', { taskId, status: 'working', createdAt, lastUpdatedAt: createdAt, ttlMs: 60_000 });
 */
export function extensionResult(resultType: string, body: Readonly<Record<string, unknown>>): ExtensionResult {
  if (resultType === 'complete' || resultType === 'input_required') {
    throw new TypeError(`extensionResult: "${resultType}" is a core resultType; return the result itself (or inputRequired)`);
  }
  return new ExtensionResult(resultType, body);
}
