import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'tsup';
import { externalModules, writeExternalModules, writeGroupTypes } from './build-validators.js';

/** The validator modules that are entries of `package.json` (tools/codegen/lib/validator-modules.mjs). */
const VALIDATOR_GROUPS = ['requests', 'primitives', 'notifications', 'input', 'results'];

const entry = {
  index: 'src/index.ts',
  '2026-07-28': 'src/2026-07-28.ts',
  '2025-11-25': 'src/2025-11-25.ts',
  '2026-07-28/core': 'src/core/2026-07-28.ts',
  '2025-11-25/core': 'src/core/2025-11-25.ts',
  '2026-07-28/load': 'src/lookup/load-2026-07-28.ts',
  '2025-11-25/load': 'src/lookup/load-2025-11-25.ts',
  '2026-07-28/lookup': 'src/lookup/2026-07-28.ts',
  '2025-11-25/lookup': 'src/lookup/2025-11-25.ts',
  'json-schema': 'src/json-schema/index.ts',
  tasks: 'src/extensions/tasks.ts',
  skills: 'src/extensions/skills.ts',
};

/**
 * Drops the maps of chunks made only of generated code (src/generated: the validators and wire
 * types tools/codegen writes): they were half the unpacked package and map generated code onto
 * generated code, which helps nobody read a stack trace. Maps of hand-written code stay.
 */
function dropGeneratedMaps(dir = 'dist'): void {
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
    if (!name.endsWith('.map')) continue;
    const map = path.join(dir, name);
    const { sources } = JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] };
    if (sources.length === 0 || !sources.every((s) => s.includes('src/generated/'))) continue;
    const code = map.slice(0, -'.map'.length);
    if (fs.existsSync(code)) {
      // Every comment naming the map (tsup's tree-shaking pass writes a second one in ESM files).
      const comment = `//# sourceMappingURL=${path.basename(map)}`;
      const lines = fs.readFileSync(code, 'utf8').split('\n');
      fs.writeFileSync(code, lines.filter((line) => line !== comment).join('\n'));
    }
    fs.rmSync(map);
  }
}

export default defineConfig({
  entry,
  format: ['esm', 'cjs'],
  dts: { entry },
  sourcemap: true,
  clean: false, // never leave dist/ empty while a concurrent build runs; CI builds from a clean clone
  target: 'node20',
  treeshake: true,
  // The validators, their helpers, the formats and the revision and core entries stay files of their
  // own, imported by relative path (build-validators.ts explains why and writes them).
  esbuildPlugins: [externalModules()],
  // CommonJS keeps `loadValidator` lazy as a `require` on first call: an `import()` there would load the
  // ES module twin, a second copy of every validator.
  // Maps without the sources: stack traces (--enable-source-maps) still name src/ lines, which the
  // repository holds at the release tag; the sources would be most of the tarball (docs/decisions.md).
  esbuildOptions(options, { format }) {
    options.sourcesContent = false;
    if (format === 'cjs') options.supported = { ...options.supported, 'dynamic-import': false };
  },
  onSuccess: async () => {
    writeExternalModules();
    writeGroupTypes(VALIDATOR_GROUPS);
    dropGeneratedMaps();
  },
  // No shared chunks: what two entries share is either one of those files or a helper of a few
  // hundred bytes (formatErrors, isObject), which each entry carries rather than loading one more file.
  splitting: false,
  // @cfworker/json-schema (MIT, notice in THIRD_PARTY_NOTICES.md) is bundled into the json-schema entry:
  // as a dependency it is nine modules Node resolves, reads and compiles one by one at every start
  // (about 12 ms of a stdio server's cold start); bundled it is one chunk with our code.
  noExternal: ['@cfworker/json-schema'],
});
