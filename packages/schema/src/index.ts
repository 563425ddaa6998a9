/**
 * `@mcpkit/schema`: the modern revision (2026-07-28). The legacy revision lives at
 * `@mcpkit/schema/2025-11-25`.
 */
export * from './2026-07-28.js';
