// Bindings for Go, Rust, C#, Kotlin, Swift and TypeScript: generated, non-empty, declaring the MCP
// types. Rust and TypeScript are compiled too; this machine has no Go, .NET, Kotlin or Swift
// toolchain (and Kotlin's Jackson or Rust's serde could not be fetched offline anyway).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGE_DIR, REVISIONS } from './helpers/spec.js';

const compact = (rev: string) => rev.replaceAll('-', '');
const snake = (rev: string) => rev.replaceAll('-', '_');
const FILES: Record<string, { path: (rev: string) => string; declares: (type: string) => RegExp }> = {
  go: { path: (r) => `go/mcp${compact(r)}/mcp.go`, declares: (t) => new RegExp(`^type ${t} struct`, 'm') },
  rust: { path: (r) => `rust/mcp_${snake(r)}.rs`, declares: (t) => new RegExp(`^pub struct ${t} \\{`, 'm') },
  csharp: { path: (r) => `csharp/Mcp${compact(r)}.cs`, declares: (t) => new RegExp(`public partial class ${t}\\b`) },
  kotlin: { path: (r) => `kotlin/Mcp${compact(r)}.kt`, declares: (t) => new RegExp(`^data class ${t} \\(`, 'm') },
  swift: { path: (r) => `swift/Mcp${compact(r)}.swift`, declares: (t) => new RegExp(`^struct ${t}: Codable`, 'm') },
  typescript: { path: (r) => `typescript/mcp_${snake(r)}.ts`, declares: (t) => new RegExp(`^export interface ${t} \\{`, 'm') },
  python: { path: (r) => `python/mcp_${snake(r)}.py`, declares: (t) => new RegExp(`^class ${t}:`, 'm') },
};
const TYPES: Record<string, string[]> = {
  '2026-07-28': ['CallToolRequest', 'CallToolResult', 'DiscoverResult', 'InputRequiredResult', 'Tool'],
  '2025-11-25': ['CallToolRequest', 'CallToolResult', 'InitializeRequest', 'InitializeResult', 'Tool'],
};
const source = (lang: string, rev: string) => join(PACKAGE_DIR, 'lang', FILES[lang]!.path(rev));
/** Compiling is slow on a busy two-core machine; give it time (no timing is asserted). */
const COMPILE = { timeout: 180_000 };
const has = (command: string) => spawnSync(command, ['--version'], { encoding: 'utf8' }).status === 0;

describe.each(Object.keys(FILES))('%s binding', (lang) => {
  it.each(REVISIONS)('%s declares the MCP types', (rev) => {
    const text = readFileSync(source(lang, rev), 'utf8');
    expect(text.split('\n')[0]).toMatch(/^(#|\/\/\/?) (Code generated|Generated) by tools\/codegen/);
    for (const type of TYPES[rev]!) expect(text, type).toMatch(FILES[lang]!.declares(type));
  });
});

describe('compiling the bindings', () => {
  const work = mkdtempSync(join(tmpdir(), 'mcpkit-bindings-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.skipIf(!has('rustc'))('rust: compiles with rustc against offline serde stand-ins (crates.io is unreachable)', COMPILE, () => {
    const stubs = join(PACKAGE_DIR, 'test', 'fixtures', 'rust-stubs');
    const rustc = (...args: string[]) => {
      const run = spawnSync('rustc', ['--edition', '2021', ...args], { cwd: work, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    };
    rustc('--crate-type', 'proc-macro', join(stubs, 'serde_derive.rs'), '-o', join(work, 'libserde_derive.so'));
    rustc('--crate-type', 'rlib', join(stubs, 'serde.rs'), '--extern', `serde_derive=${join(work, 'libserde_derive.so')}`, '-o', join(work, 'libserde.rlib'));
    rustc('--crate-type', 'rlib', join(stubs, 'serde_json.rs'), '-o', join(work, 'libserde_json.rlib'));
    for (const rev of REVISIONS) {
      rustc('--crate-type', 'rlib', source('rust', rev), '-L', work, '--extern', `serde=${join(work, 'libserde.rlib')}`,
        '--extern', `serde_json=${join(work, 'libserde_json.rlib')}`, '-o', join(work, `libmcp_${snake(rev)}.rlib`));
    }
  });

  it('typescript: type-checks with tsc --strict', COMPILE, () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const compilerOptions = { strict: true, noEmit: true, target: 'ES2022', lib: ['ES2022'], types: [], skipLibCheck: true };
    writeFileSync(join(work, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: REVISIONS.map((r) => source('typescript', r)) }));
    const run = spawnSync(process.execPath, [tsc, '-p', join(work, 'tsconfig.json')], { encoding: 'utf8' });
    expect(run.stdout).toBe('');
    expect(run.status).toBe(0);
  });
});
