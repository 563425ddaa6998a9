import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  // Maps without the sources: stack traces (--enable-source-maps) still name src/ lines, which the
  // repository holds at the release tag; the sources would be most of the tarball (docs/decisions.md).
  esbuildOptions(options) {
    options.sourcesContent = false;
  },
  // Overwrite in place: with one entry nothing goes stale, and other packages' tests (and parallel
  // builds in a shared checkout) never see dist/ without index.js while the .d.ts build runs.
  clean: false,
  target: 'node20',
  treeshake: true,
});
