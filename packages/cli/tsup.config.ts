import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/bin.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: false, // never leave dist/ empty while a concurrent build runs; CI builds from a clean clone
  target: 'node20',
  treeshake: true,
  shims: true, // import.meta.url in the CJS build (the demo finds the bin next to it)
  // examples/everything is private: its code ships inside the CLI (a lazily loaded chunk), its
  // dependencies (@mcpkit/server, http, stdio, jsonrpc) are the CLI's own.
  noExternal: ['@mcpkit/example-everything'],
  // --otel's SDK packages are optional dependencies, loaded by a lazy chunk only (src/telemetry).
  external: [/^@opentelemetry\//],
});
