import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: false, // one entry: nothing goes stale, and dependents never see dist/ half-empty
  target: 'node20',
  treeshake: true,
});
