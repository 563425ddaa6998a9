import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', internal: 'src/internal/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  // Each entry is one file with a stable name (the internal one shares no module with the root), so
  // dist/ can be overwritten in place: other packages' tests (and parallel builds in a shared checkout)
  // never see it without index.js while the .d.ts build runs.
  splitting: false,
  clean: false,
  target: 'node20',
  treeshake: true,
});
