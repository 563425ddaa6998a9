/**
 * What a handler returns to answer with a `resultType` an extension defines (the tasks extension's
 * `task`, say) instead of the method's own result. Dispatch sends `body` as it is, with `resultType`
 * and the server's `_meta`, provided an extension of the server declared that `resultType` for the
 * method (`ServerExtension.resultTypes`); anything else is a bug answered `-32603`.
 */
export class ExtensionResult {
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
