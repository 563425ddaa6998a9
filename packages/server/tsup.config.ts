import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', ajv: 'src/ajv.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: false, // never leave dist/ empty while a concurrent build runs; CI builds from a clean clone
  target: 'node20',
  treeshake: true,
  // uri-template-router (Unlicense) is CommonJS: imported from our ESM build, Node would start its CJS
  // loader and the WASM export lexer for it (~9 MB RSS and tens of ms at start). Bundled, it is plain code.
  noExternal: ['uri-template-router'],
});
