// Swift: no artifact. SwiftPM takes a package from a repository URL and a tag, reading Package.swift
// at the repository root (generated from tools/codegen/templates/swift/Package.swift), which points
// at packages/schema/lang/swift/Sources. No Swift compiler here: the package is unchecked.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../codegen/lib/paths.mjs';
import { version } from './common.mjs';

export const swift = {
  lang: 'swift',
  note: 'no file: SwiftPM reads Package.swift at the repository root from the tag; unchecked (no Swift compiler here)',
  toolchain: () => 'none (unchecked)',
  build() {
    const manifest = join(REPO_ROOT, 'Package.swift');
    if (!existsSync(manifest)) throw new Error('swift: no Package.swift at the repository root');
    if (!readFileSync(manifest, 'utf8').includes(`let mcpkitSchemaVersion = "${version()}"`))
      throw new Error(`swift: Package.swift does not carry version ${version()}`);
    return [];
  },
};
