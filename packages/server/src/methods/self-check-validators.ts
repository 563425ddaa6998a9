/**
 * The validators of what this server's own handlers produce, checked in development mode only
 * (`ServerOptions.mode`). `self-check.ts` imports this module on first use, so a production server
 * never loads the validators of results and input requests.
 */
export { validateCallToolResult, validateGetPromptResult, validateReadResourceResult } from '@mcpkit/schema/2026-07-28/validators/results';
export { validateInputRequest } from '@mcpkit/schema/2026-07-28/validators/input';
