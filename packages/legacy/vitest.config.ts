import { defineConfig } from 'vitest/config';

// The timeout is the only bound a test has (CONTRIBUTING), so it is generous: under `pnpm test:stress`
// (two cores at load 40-70) tests that start child processes ran past 20 s.
export default defineConfig({
  // expect.poll waits for an event with no bound of its own but this one (its default is 1 s).
  test: { include: ['test/**/*.test.ts'], testTimeout: 600_000, hookTimeout: 600_000, expect: { poll: { timeout: 540_000, interval: 20 } } },
});
