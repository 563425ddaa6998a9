import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', server: 'src/server/index.ts', internal: 'src/internal.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  // Maps without the sources: stack traces (--enable-source-maps) still name src/ lines, which the
  // repository holds at the release tag; the sources would be most of the tarball (docs/decisions.md).
  esbuildOptions(options) {
    options.sourcesContent = false;
  },
  clean: false, // never leave dist/ empty while a concurrent build runs; CI builds from a clean clone
  target: 'node20',
  treeshake: true,
  // The entries share the store: one chunk, not a copy per entry.
  splitting: true,
});
