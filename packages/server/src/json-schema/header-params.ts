import type { HeaderParam } from '@mcpkit/schema';
import { headerParamsFromSchema } from '@mcpkit/schema/2026-07-28/core';
import type { JsonSchemaObject } from './compile.js';

export type { HeaderParam };

/**
 * Reads and checks the `x-mcp-header` annotations of a tool's input schema with the shared rules of
 * `@mcpkit/schema` (server/tools.mdx "x-mcp-header"). Throws a `TypeError` naming the tool and the
 * first violation: a server never offers a tool that clients would have to drop.
 */
export function extractHeaderParams(toolName: string, inputSchema: JsonSchemaObject): readonly HeaderParam[] {
  const result = headerParamsFromSchema(inputSchema);
  if (!result.ok) throw new TypeError(`Tool "${toolName}": invalid ${result.reason}`);
  return Object.freeze(result.params);
}
