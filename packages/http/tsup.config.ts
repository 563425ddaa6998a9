import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', node: 'src/node/index.ts', internal: 'src/internal.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  // Shared chunks for CJS too: the internal entry's readers throw the root's error classes, and an
  // `instanceof HttpTransportError` must hold whichever entry the class came through.
  splitting: true,
  clean: false, // never leave dist/ empty while a concurrent build runs; CI builds from a clean clone
  target: 'node20',
  treeshake: true,
});
