#!/usr/bin/env node
// The release step's half for the bindings: after `changeset version` has bumped @mcpkit/schema,
// writes its version into every binding manifest (`pnpm version-packages` runs both). `--check`
// reads each manifest back and fails unless all carry the version of packages/schema/package.json.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generatePackages, schemaVersion } from './lib/lang-packages.mjs';
import { writeFiles } from './lib/outputs.mjs';
import { REPO_ROOT } from './lib/paths.mjs';

/** Each manifest (or version constant) of a binding package, and how to read its version. */
export const MANIFESTS = {
  'packages/schema/lang/go/version.go': /^const Version = "([^"]+)"$/m,
  'packages/schema/lang/rust/Cargo.toml': /^version = "([^"]+)"$/m,
  'packages/schema/lang/rust/src/lib.rs': /^pub const VERSION: &str = "([^"]+)";$/m,
  'packages/schema/lang/python/pyproject.toml': /^version = "([^"]+)"$/m,
  'packages/schema/lang/python/mcpkit_schema/__init__.py': /^__version__ = "([^"]+)"$/m,
  'packages/schema/lang/csharp/Mcpkit.Schema.csproj': /<Version>([^<]+)<\/Version>/,
  'packages/schema/lang/csharp/Mcpkit.Schema.nuspec': /<version>([^<]+)<\/version>/,
  'packages/schema/lang/kotlin/build.gradle.kts': /^version = "([^"]+)"$/m,
  'packages/schema/lang/kotlin/pom.xml': /^ {2}<version>([^<]+)<\/version>$/m,
  'Package.swift': /^let mcpkitSchemaVersion = "([^"]+)"$/m,
};

/** The version each manifest under `root` declares (undefined when unreadable). */
export function manifestVersions(root = REPO_ROOT) {
  return Object.fromEntries(
    Object.entries(MANIFESTS).map(([path, pattern]) => {
      try {
        return [path, pattern.exec(readFileSync(join(root, path), 'utf8'))?.[1]];
      } catch {
        return [path, undefined];
      }
    }),
  );
}

/** Manifests under `root` whose version differs from @mcpkit/schema's, as messages. */
export function disagreements(root = REPO_ROOT) {
  const version = schemaVersion(root);
  return Object.entries(manifestVersions(root))
    .filter(([, found]) => found !== version)
    .map(([path, found]) => `${path}: ${found ?? 'no version found'} (expected ${version}, the version of @mcpkit/schema)`);
}

/** Writes the package files of every binding under `root` with @mcpkit/schema's version; returns what changed. */
export function writeVersions(root = REPO_ROOT) {
  return writeFiles(generatePackages({ version: schemaVersion(root) }), [], root).map((s) => s.path);
}

export function main(args) {
  const rootAt = args.indexOf('--root');
  const root = rootAt >= 0 ? resolve(args[rootAt + 1]) : REPO_ROOT;
  if (args.includes('--check')) {
    const wrong = disagreements(root);
    for (const line of wrong) console.error(`versions --check: ${line}`);
    if (wrong.length) console.error('run `node tools/codegen/versions.mjs` (part of `pnpm version-packages`)');
    return wrong.length ? 1 : 0;
  }
  const changed = writeVersions(root);
  console.log(`versions: bindings at @mcpkit/schema ${schemaVersion(root)}; ${changed.length} file(s) written`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(main(process.argv.slice(2)));
