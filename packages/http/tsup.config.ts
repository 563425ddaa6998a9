import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', node: 'src/node/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  // No shared chunks: each entry is one file with a stable name, so dist/ can be overwritten in place
  // (`clean: false`) and dependents never see it half-empty during a build. The node entry shares
  // only a few lines with the main one; the handler is recognized through `Symbol.for`.
  splitting: false,
  clean: false,
  target: 'node20',
  treeshake: true,
});
