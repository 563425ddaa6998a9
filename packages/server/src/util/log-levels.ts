import type { LoggingLevel } from '@mcpkit/schema';
import { LOGGING_LEVELS } from '@mcpkit/schema/2026-07-28/core';

const RANK: ReadonlyMap<string, number> = new Map(LOGGING_LEVELS.map((level, i) => [level, i]));

/** Whether `value` is one of the RFC 5424 levels MCP uses. */
export function isLoggingLevel(value: unknown): value is LoggingLevel {
  return typeof value === 'string' && RANK.has(value);
}

/** Whether a message at `level` passes a request that asked for `threshold` and above. */
export function atOrAbove(level: LoggingLevel, threshold: LoggingLevel): boolean {
  return RANK.get(level)! >= RANK.get(threshold)!;
}
