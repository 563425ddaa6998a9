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
  clean: false, // one entry: nothing goes stale, and dependents never see dist/ half-empty
  target: 'node20',
  treeshake: true,
});
