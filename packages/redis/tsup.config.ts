import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', tasks: 'src/tasks/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  // Overwrite in place: with fixed entries nothing goes stale, and other packages' tests (and parallel
  // builds in a shared checkout) never see dist/ without index.js while the .d.ts build runs.
  clean: false,
  target: 'node20',
  treeshake: true,
});
