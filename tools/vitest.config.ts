import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['**/*.test.ts'], exclude: ['**/node_modules/**', 'conformance/.work/**'], testTimeout: 600_000, hookTimeout: 600_000 },
});
