/**
 * The checks an MCP endpoint needs before anything reads the body, for `mcpGuard`: the core's
 * `createRequestGuard` of `@mcpkit/http` (Host, Origin, declared size), with its answers.
 */
import type { RequestGuardOptions } from '@mcpkit/http';

/** Options of the checks (`mcpGuard`, `mcpHono`). */
export type GuardOptions = RequestGuardOptions;
