import { HEADER_PARAM_PREFIX, headerParamsFromSchema } from '@mcpkit/schema';

/**
 * The client's former `x-mcp-header` helpers, kept for compatibility. The rules now live once, in
 * `@mcpkit/schema` (`headerParamsFromSchema`, `mcpParamHeaders`, `encodeHeaderValue`), which the
 * client itself uses (server/tools.mdx "x-mcp-header").
 */

/**
 * One argument mirrored into a header, in the client's former shape.
 * @deprecated Use `HeaderParam` of `@mcpkit/schema` (`header` there is the part after `Mcp-Param-`).
 */
export interface HeaderParam {
  /** The full header name, `Mcp-Param-{x-mcp-header}`. */
  readonly header: string;
  /** The chain of `properties` keys from the arguments object to the value. */
  readonly path: readonly string[];
}

/**
 * Reads the `x-mcp-header` annotations of a tool's `inputSchema`; throws a `TypeError` naming the
 * first violation.
 * @deprecated Use `headerParamsFromSchema` of `@mcpkit/schema`, which returns the reason instead of throwing.
 *
 * @example headerParamsOf({ type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } })
 */
export function headerParamsOf(inputSchema: unknown): readonly HeaderParam[] {
  const result = headerParamsFromSchema(inputSchema);
  if (!result.ok) throw new TypeError(result.reason);
  return result.params.map((param) => ({ header: HEADER_PARAM_PREFIX + param.header, path: param.path }));
}
