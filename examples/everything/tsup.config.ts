import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/http.ts', 'src/stdio.ts'],
  format: ['esm'],
  dts: { entry: ['src/index.ts', 'src/http.ts'] },
  sourcemap: true,
  clean: true,
  target: 'node20',
});
