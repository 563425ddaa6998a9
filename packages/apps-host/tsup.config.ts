import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { index: 'src/index.ts', web: 'src/web/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: false, // never leave dist/ empty while a concurrent build runs; CI builds from a clean clone
    target: 'es2022',
    treeshake: true,
    splitting: true,
  },
  {
    // One self-contained ES module of the web host (its mcpkit dependencies inlined) for pages served
    // without a bundler, such as the host page of `mcpkit apps open`.
    entry: { 'web.bundle': 'src/web/index.ts' },
    format: ['esm'],
    outExtension: () => ({ js: '.js' }),
    dts: false,
    sourcemap: false,
    clean: false,
    target: 'es2022',
    platform: 'browser',
    noExternal: [/.*/],
    treeshake: true,
  },
]);
