// mcpkit's precompiled validators (scenario 6), from @mcpkit/schema.
import { validateCallToolRequest, validateCallToolResult } from '@mcpkit/schema';

export const label = 'mcpkit precompiled (@mcpkit/schema)';

export async function createValidators() {
  return { callToolRequest: validateCallToolRequest, callToolResult: validateCallToolResult, compileMs: 0 };
}
