import { defineConfig } from 'vitest/config';

// The timeout is the only bound a test has (CONTRIBUTING), so it is generous: under `pnpm test:stress`
// (two cores at load 40-70) tests that start child processes ran past 20 s.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], testTimeout: 600_000, hookTimeout: 600_000 },
});
