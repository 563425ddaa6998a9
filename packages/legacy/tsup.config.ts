import { defineConfig } from 'tsup';

export default defineConfig({
  // `server` is the dual-era server alone: it reaches neither @mcpkit/stdio nor any `node:` module,
  // so Workers and browser bundles can take it. The root entry adds the client (`connect()` spawns
  // stdio servers) on top.
  entry: { index: 'src/index.ts', server: 'src/server/entry.ts', tasks: 'src/tasks/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: false, // never leave dist/ empty while a concurrent build runs; CI builds from a clean clone
  target: 'node20',
  treeshake: true,
});
