import { defineConfig } from 'vitest/config';

// The browser tests wait for events (expect.poll, playwright's waits) with no bound of their own:
// the test's timeout is the only one, so a loaded machine makes them slower, not red.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    fileParallelism: false,
    expect: { poll: { timeout: 540_000, interval: 50 } },
  },
});
