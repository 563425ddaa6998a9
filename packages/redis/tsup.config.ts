import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', legacy: 'src/legacy.ts', tasks: 'src/tasks/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  // Maps without the sources: stack traces (--enable-source-maps) still name src/ lines, which the
  // repository holds at the release tag; the sources would be most of the tarball (docs/decisions.md).
  esbuildOptions(options) {
    options.sourcesContent = false;
  },
  // Shared chunks: a class reached through several entries (RedisUnavailableError) is one class.
  splitting: true,
  // Overwrite in place: other packages' tests (and parallel builds in a shared checkout) never see
  // dist/ without index.js while the .d.ts build runs.
  clean: false,
  target: 'node20',
  treeshake: true,
});
