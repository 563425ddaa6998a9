import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: ['src/index.ts', 'src/bin.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    // Maps without the sources: stack traces (--enable-source-maps) still name src/ lines, which the
    // repository holds at the release tag; the sources would be most of the tarball (docs/decisions.md).
    esbuildOptions(options) {
      options.sourcesContent = false;
    },
    clean: false, // never leave dist/ empty while a concurrent build runs; CI builds from a clean clone
    target: 'node20',
    treeshake: true,
    shims: true, // import.meta.url in the CJS build (the demo finds the bin next to it)
    // examples/everything is private: its code ships inside the CLI (a lazily loaded chunk), its
    // dependencies (@mcpkit/server, http, stdio, jsonrpc) are the CLI's own.
    noExternal: ['@mcpkit/example-everything'],
    // --otel's SDK packages are optional dependencies, loaded by a lazy chunk only (src/telemetry).
    external: [/^@opentelemetry\//],
  },
  {
    // `mcpkit inspect`'s page: one script and one stylesheet for the browser, inlined into the
    // page by src/inspect/page-assets.ts. Everything is bundled: no CDN, nothing fetched at run time.
    // The Apps host (renderView of @mcpkit/apps-host/web) is a second script, loaded on first use.
    entry: { 'inspect-page/app': 'src/inspect/page/main.ts', 'inspect-page/apps-host': 'src/inspect/page/apps-host-entry.ts' },
    format: ['iife'],
    platform: 'browser',
    target: 'chrome110',
    outExtension: () => ({ js: '.js' }),
    dts: false,
    sourcemap: false,
    minify: true,
    clean: false,
    treeshake: true,
    noExternal: [/.*/],
  },
]);
