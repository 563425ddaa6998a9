// Type-checks README blocks against the built packages: each block is its own module, in a virtual
// file under tools/docs/ so that `@mcpkit/*` resolves through tools' node_modules to each package's
// `exports` and `dist/*.d.ts`, as it does for a user.
import ts from 'typescript';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

/** The compiler options of tsconfig.base.json, for code a user writes. */
export const OPTIONS = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force,
  strict: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  esModuleInterop: true,
  resolveJsonModule: true,
  skipLibCheck: true,
  noEmit: true,
  types: ['node'],
};

/**
 * Compiles `blocks` (from blocks.mjs) in one program. Returns one `{ block, messages }` per block,
 * `messages` being `README.md:LINE:COL message` strings (empty when the block compiles).
 * @param {Array<{ file: string, line: number, code: string, flags: string[] }>} blocks
 * @param {{ repoRoot?: string, dir?: string }} [options]
 */
export function compileBlocks(blocks, { repoRoot, dir = HERE } = {}) {
  const virtual = new Map(blocks.map((block, i) => [join(dir, `readme-block-${i}.ts`), block]));
  const host = ts.createCompilerHost(OPTIONS, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (f) => virtual.has(f) || fileExists.call(host, f);
  host.readFile = (f) => (virtual.has(f) ? virtual.get(f).code : readFile.call(host, f));
  host.getSourceFile = (f, lang, ...rest) =>
    virtual.has(f) ? ts.createSourceFile(f, virtual.get(f).code, lang, true, ts.ScriptKind.TS) : getSourceFile.call(host, f, lang, ...rest);
  const program = ts.createProgram([...virtual.keys()], OPTIONS, host);
  const results = new Map([...virtual.values()].map((block) => [block, []]));
  const all = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  if (all.length > 0) throw new Error(ts.formatDiagnostics(all, host));
  for (const [file, block] of virtual) {
    const source = program.getSourceFile(file);
    for (const d of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      const { line, character } = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : { line: 0, character: 0 };
      const where = `${repoRoot ? block.file.slice(repoRoot.length + 1) : block.file}:${block.line + line}:${character + 1}`;
      results.get(block).push(`${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    }
  }
  return [...results].map(([block, messages]) => ({ block, messages }));
}

/**
 * Runs a block marked `runnable`: transpiled as it is and executed by this Node in a file under
 * tools/docs/.work (so `@mcpkit/*` resolves as above). Returns `{ code, output }`.
 * @param {{ code: string }} block
 * @param {{ dir?: string, timeoutMs?: number }} [options]
 */
export function runBlock(block, { dir = join(HERE, '.work'), timeoutMs = 30_000 } = {}) {
  const { outputText } = ts.transpileModule(block.code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `block-${process.pid}-${(counter += 1)}.mjs`);
  writeFileSync(file, outputText);
  try {
    const child = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: timeoutMs, stdio: ['ignore', 'pipe', 'pipe'] });
    return { code: child.status ?? -1, output: `${child.stdout}${child.stderr}${child.error ? String(child.error) : ''}` };
  } finally {
    rmSync(file, { force: true });
  }
}
let counter = 0;
