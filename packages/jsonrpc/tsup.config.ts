import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', encoding: 'src/encoding.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  // Maps without the sources: stack traces (--enable-source-maps) still name src/ lines, which the
  // repository holds at the release tag; the sources would be most of the tarball (docs/decisions.md).
  esbuildOptions(options) {
    options.sourcesContent = false;
  },
  // Each entry is one file with a stable name (the encoding one shares no module with the root), so
  // dist/ can be overwritten in place: other packages' tests (and parallel builds in a shared checkout)
  // never see it without index.js while the .d.ts build runs.
  splitting: false,
  clean: false,
  target: 'node20',
  treeshake: true,
});
