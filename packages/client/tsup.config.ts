import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', internal: 'src/internal.ts', lean: 'src/lean.ts', 'result-validators': 'src/result-validators-entry.ts' },
  // Shared chunks: a class reached through both entries is one class (instanceof holds).
  splitting: true,
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: false, // never leave dist/ empty while a concurrent build runs; CI builds from a clean clone
  target: 'node20',
  treeshake: true,
  // CommonJS loads the lazy modules (result validators, the output-schema validator) with `require` on
  // first use: an `import()` there would load the ES module build of @mcpkit/schema, a second copy.
  // Maps without the sources: stack traces (--enable-source-maps) still name src/ lines, which the
  // repository holds at the release tag; the sources would be most of the tarball (docs/decisions.md).
  esbuildOptions(options, { format }) {
    options.sourcesContent = false;
    if (format === 'cjs') options.supported = { ...options.supported, 'dynamic-import': false };
  },
});
