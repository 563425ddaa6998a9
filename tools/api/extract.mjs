// Runs API Extractor on the built `.d.ts` of a package's entries and returns each entry's report
// text. One TypeScript program per package serves all of its entries (a program is most of the
// cost: ~2 s each). Nothing is written to the package: API Extractor writes into a temp folder.
import { Extractor, ExtractorConfig, CompilerState } from '@microsoft/api-extractor';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportedElsewhere } from './exported-elsewhere.mjs';
import { normalizeReport } from './format.mjs';

// The compiler settings of tsconfig.base.json that matter for reading declaration files.
const COMPILER_OPTIONS = {
  target: 'ES2022',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  module: 'ESNext',
  moduleResolution: 'Bundler',
  strict: true,
  skipLibCheck: true,
  types: ['node'],
};

const MESSAGES = {
  compilerMessageReporting: { default: { logLevel: 'error' } },
  // No release tags in this repo: every exported item is public. A type reachable from the API but
  // not exported (ae-forgotten-export) stays in the report, with its warning (or, when another entry
  // of the package exports it, a note naming that entry: exported-elsewhere.mjs), because its shape
  // is part of the contract; every other extractor and TSDoc message is beside the point here.
  extractorMessageReporting: {
    default: { logLevel: 'none', addToApiReportFile: false },
    'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
  },
  tsdocMessageReporting: { default: { logLevel: 'none', addToApiReportFile: false } },
};

function configFor(root, dts, tempDir, files) {
  return ExtractorConfig.prepare({
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: join(root, dts),
      compiler: { overrideTsconfig: { compilerOptions: COMPILER_OPTIONS, files } },
      apiReport: { enabled: true, reportFolder: tempDir, reportTempFolder: tempDir, reportFileName: 'entry', includeForgottenExports: true },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: MESSAGES,
    },
    configObjectFullPath: join(root, 'api-extractor.json'),
    packageJsonFullPath: join(root, 'package.json'),
  });
}

/**
 * Reports for `entries` (rows of one package from entries.mjs): a Map of entry subpath → report
 * text. Throws with the compiler's messages when a declaration file does not type-check.
 */
export function extractPackage(entries) {
  if (entries.length === 0) return new Map();
  const { root } = entries[0];
  const files = entries.map((e) => join(root, e.dts));
  const tempDir = mkdtempSync(join(tmpdir(), 'mcpkit-api-'));
  const out = new Map();
  try {
    let compilerState;
    let rewrite;
    for (const entry of entries) {
      const config = configFor(root, entry.dts, tempDir, files);
      compilerState ??= CompilerState.create(config, { additionalEntryPoints: files });
      rewrite ??= exportedElsewhere(compilerState.program, entries);
      const errors = [];
      const result = Extractor.invoke(config, {
        localBuild: true,
        compilerState,
        messageCallback: (message) => {
          if (message.logLevel === 'error') errors.push(message.formatMessageWithLocation(root));
          message.handled = true;
        },
      });
      if (!result.succeeded || errors.length > 0) {
        throw new Error(`API Extractor failed on ${entry.pkg} ${entry.subpath} (${entry.dts}):\n${errors.join('\n')}`);
      }
      out.set(entry.subpath, normalizeReport(rewrite(entry, readFileSync(join(tempDir, 'entry.api.md'), 'utf8')), entry));
    }
  } finally {
    rmSync(tempDir, { recursive: true, force: true });
  }
  return out;
}
