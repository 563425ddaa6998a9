import {
  validateCallToolResult,
  validateCompleteResult,
  validateDiscoverResult,
  validateGetPromptResult,
  validateInputRequiredResult,
  validateListPromptsResult,
  validateListResourcesResult,
  validateListResourceTemplatesResult,
  validateListToolsResult,
  validateReadResourceResult,
  validateResult,
  validateSubscriptionsListenResult,
} from '@mcpkit/schema/2026-07-28/validators/results';
import { compileOutputSchema } from './output-schema.js';
import type { ResultValidators } from './validator-set.js';

/**
 * Every check `ModernClient` runs by default: the result validators of the 2026-07-28 methods and the
 * `outputSchema` compiler (which loads the JSON Schema validator with the first schema it compiles).
 * `ModernClient` imports this module when it starts (`default-validators.ts`); `LeanClient` takes it
 * from `@mcpkit/client/result-validators`.
 *
 * @example
 * import { LeanClient } from '@mcpkit/client/lean';
 * import { resultValidators } from '@mcpkit/client/result-validators';
 * const client = new LeanClient(transport, { resultValidators });
 */
export const resultValidators: ResultValidators = {
  results: {
    complete: {
      'server/discover': validateDiscoverResult,
      'tools/list': validateListToolsResult,
      'tools/call': validateCallToolResult,
      'prompts/list': validateListPromptsResult,
      'prompts/get': validateGetPromptResult,
      'resources/list': validateListResourcesResult,
      'resources/templates/list': validateListResourceTemplatesResult,
      'resources/read': validateReadResourceResult,
      'completion/complete': validateCompleteResult,
      'subscriptions/listen': validateSubscriptionsListenResult,
    },
    generic: validateResult,
    inputRequired: validateInputRequiredResult,
  },
  compileOutputSchema,
};
