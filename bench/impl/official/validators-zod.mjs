// The official SDK v2's own protocol validation: its zod spec schemas (isSpecType guards).
import { isSpecType } from '@modelcontextprotocol/server';

export const label = 'official SDK v2 (its zod spec schemas, isSpecType)';

export async function createValidators() {
  return { callToolRequest: isSpecType.CallToolRequest, callToolResult: isSpecType.CallToolResult, compileMs: 0 };
}
