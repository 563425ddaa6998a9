import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    ajv: 'src/ajv.ts',
    extension: 'src/extension-api.ts',
    state: 'src/state-api.ts',
    events: 'src/events-api.ts',
    registry: 'src/registry-api.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  // Maps without the sources: stack traces (--enable-source-maps) still name src/ lines, which the
  // repository holds at the release tag; the sources would be most of the tarball (docs/decisions.md).
  // CommonJS keeps the development-mode self-checks lazy with `require` on first use: an `import()`
  // there would load the ES module build of @mcpkit/schema.
  esbuildOptions(options, { format }) {
    options.sourcesContent = false;
    if (format === 'cjs') options.supported = { ...options.supported, 'dynamic-import': false };
  },
  clean: false, // never leave dist/ empty while a concurrent build runs; CI builds from a clean clone
  target: 'node20',
  treeshake: true,
  // Shared chunks for CJS too: a class exported by two entries (`StateError`, `ExtensionResult`) must be
  // one class; the development-mode self-checks are a chunk of their own, loaded on first use.
  splitting: true,
  // uri-template-router (Unlicense) is CommonJS: imported from our ESM build, Node would start its CJS
  // loader and the WASM export lexer for it (~9 MB RSS and tens of ms at start). Bundled, it is plain code.
  noExternal: ['uri-template-router'],
});
