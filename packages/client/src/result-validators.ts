import type { Validator } from '@mcpkit/schema';
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

/**
 * The validators of the results a client receives. `result-check.ts` imports this module on first
 * use (`loadResultValidators`), so a client with `validateResults: false` never loads them, and a
 * bundle with code splitting keeps them in a chunk of their own.
 */

/** The validator of each method's complete result. */
export const COMPLETE: Readonly<Record<string, Validator<unknown>>> = {
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
};

/** A result of a method no table names (an extension's without its own validator). */
export const GENERIC: Validator<unknown> = validateResult;

/** The multi round-trip result (basic/patterns/mrtr.mdx). */
export const INPUT_REQUIRED: Validator<unknown> = validateInputRequiredResult;
