import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import fs from 'node:fs';
import path from 'node:path';
import type { WorkspacePackage } from './workspace.js';

/** Runs publint (strict) on one built package; returns its errors and warnings as readable lines. */
export async function lintPublished(pkg: WorkspacePackage): Promise<string[]> {
  const { messages } = await publint({ pkgDir: pkg.root, level: 'warning', strict: true, pack: false });
  const manifest = JSON.parse(fs.readFileSync(path.join(pkg.root, 'package.json'), 'utf8'));
  return messages.map((m) => `${pkg.manifest.name}: [${m.type}] ${formatMessage(m, manifest) ?? m.code}`);
}
