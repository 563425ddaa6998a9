import { defineConfig } from 'vitest/config';

// The tests run the built `mcpkit` and its example server as child processes; on a busy machine
// a start-up alone can take seconds, so the limits are generous (they only bound a hung test).
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], testTimeout: 600_000, hookTimeout: 600_000, expect: { poll: { timeout: 540_000, interval: 50 } } },
});
