import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    '2026-07-28': 'src/2026-07-28.ts',
    '2025-11-25': 'src/2025-11-25.ts',
    '2026-07-28/lookup': 'src/lookup/2026-07-28.ts',
    '2025-11-25/lookup': 'src/lookup/2025-11-25.ts',
    'json-schema': 'src/json-schema/index.ts',
    tasks: 'src/extensions/tasks.ts',
    skills: 'src/extensions/skills.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: false, // never leave dist/ empty while a concurrent build runs; CI builds from a clean clone
  target: 'node20',
  treeshake: true,
  // Shared chunks for CJS too, so the root and the revision entries do not each carry a copy of
  // every validator.
  splitting: true,
  // @cfworker/json-schema (MIT, notice in THIRD_PARTY_NOTICES.md) is bundled into the json-schema entry:
  // as a dependency it is nine modules Node resolves, reads and compiles one by one at every start
  // (about 12 ms of a stdio server's cold start); bundled it is one chunk with our code.
  noExternal: ['@cfworker/json-schema'],
});
