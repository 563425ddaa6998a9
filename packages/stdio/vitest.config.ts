import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // The child-process fixtures import the built package: fail early and clearly without it.
    globalSetup: ['test/helpers/require-build.ts'],
  },
});
