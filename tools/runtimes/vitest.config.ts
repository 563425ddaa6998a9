import { defineConfig } from 'vitest/config';

// The runtime matrix (`pnpm runtimes`, run by .ci/run after `pnpm test`): separate from the unit
// tests because it packs and installs tarballs from the registry and starts other runtimes.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    // The tarball checks run inside the release rehearsal (`pnpm rehearse`), on the tarballs it
    // published: `pnpm runtimes` leaves them out, so CI does not pack and check twice.
    include: ['*.matrix.ts'],
    exclude: process.env.MCPKIT_TARBALLS ? [] : ['tarballs.matrix.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
