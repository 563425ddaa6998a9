import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', server: 'src/server/index.ts', view: 'src/view/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: false, // never leave dist/ empty while a concurrent build runs; CI builds from a clean clone
  target: 'es2022',
  treeshake: true,
  splitting: true,
});
