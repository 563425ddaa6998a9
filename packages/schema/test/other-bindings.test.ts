// Every language binding is generated, names its generator and declares the main MCP types; the
// TypeScript one type-checks; the Swift package, which no toolchain here can build, is said to be
// unchecked (its compile is skipped with the reason printed). The compiled round trips of Go, Rust,
// Python, C# and Kotlin are in test/bindings/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_UNBOUNDED } from './bindings/suite.js';
import { PACKAGE_DIR, REPO_ROOT, REVISIONS } from './helpers/spec.js';

const compact = (rev: string) => rev.replaceAll('-', '');
const snake = (rev: string) => rev.replaceAll('-', '_');
const FILES: Record<string, { path: (rev: string) => string; declares: (type: string) => RegExp }> = {
  go: { path: (r) => `go/mcp${compact(r)}/mcp.go`, declares: (t) => new RegExp(`^type ${t} struct`, 'm') },
  rust: { path: (r) => `rust/src/mcp_${snake(r)}.rs`, declares: (t) => new RegExp(`^pub struct ${t} \\{`, 'm') },
  csharp: { path: (r) => `csharp/Mcp${compact(r)}.cs`, declares: (t) => new RegExp(`public partial class ${t}\\b`) },
  kotlin: {
    path: (r) => `kotlin/src/main/kotlin/mcp/v${compact(r)}/Mcp${compact(r)}.kt`,
    declares: (t) => new RegExp(`^data class ${t} @JsonCreator constructor \\(`, 'm'),
  },
  swift: { path: (r) => `swift/Sources/MCP${compact(r)}/Mcp${compact(r)}.swift`, declares: (t) => new RegExp(`^public struct ${t}: Codable`, 'm') },
  typescript: { path: (r) => `typescript/mcp_${snake(r)}.ts`, declares: (t) => new RegExp(`^export interface ${t} \\{`, 'm') },
  python: { path: (r) => `python/mcpkit_schema/mcp_${snake(r)}.py`, declares: (t) => new RegExp(`^class ${t}:`, 'm') },
};
const TYPES: Record<string, string[]> = {
  '2026-07-28': ['CallToolRequest', 'CallToolResult', 'DiscoverResult', 'InputRequiredResult', 'Tool'],
  '2025-11-25': ['CallToolRequest', 'CallToolResult', 'InitializeRequest', 'InitializeResult', 'Tool'],
};
const source = (lang: string, rev: string) => join(PACKAGE_DIR, 'lang', FILES[lang]!.path(rev));

describe.each(Object.keys(FILES))('%s binding', (lang) => {
  it.each(REVISIONS)('%s declares the MCP types', (rev) => {
    const text = readFileSync(source(lang, rev), 'utf8');
    expect(text.split('\n')[0]).toMatch(/^(#|\/\/[/!]?) (Code generated|Generated) by tools\/codegen/);
    for (const type of TYPES[rev]!) expect(text, type).toMatch(FILES[lang]!.declares(type));
  });
});

/** The README example of each package: the file the binding tests run (Swift's is never run here). */
const EXAMPLES: Record<string, string> = {
  go: 'examples/readme/main.go',
  rust: 'examples/readme.rs',
  python: 'examples/readme.py',
  csharp: 'examples/Readme.cs',
  kotlin: 'examples/Readme.kt',
  swift: 'examples/readme.swift',
};

describe.each(Object.entries(EXAMPLES))('%s package README', (lang, example) => {
  it('shows the example program the tests run, decoding and encoding a tools/call request and a CallToolResult', () => {
    const dir = join(PACKAGE_DIR, 'lang', lang);
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    const program = readFileSync(join(dir, example), 'utf8').trimEnd();
    expect(readme).toContain(program);
    expect(program).toMatch(/CallToolRequest|call_tool_request/);
    expect(program).toMatch(/CallToolResult|call_tool_result/);
  });
});

describe('typescript binding', () => {
  const work = mkdtempSync(join(tmpdir(), 'mcpkit-bindings-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  // The compile is the setup step (no wall-clock bound: SETUP_UNBOUNDED); the test judges its result.
  let checked: ReturnType<typeof spawnSync> | undefined;
  beforeAll(() => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const compilerOptions = { strict: true, noEmit: true, target: 'ES2022', lib: ['ES2022'], types: [], skipLibCheck: true };
    writeFileSync(join(work, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: REVISIONS.map((r) => source('typescript', r)) }));
    checked = spawnSync(process.execPath, [tsc, '-p', join(work, 'tsconfig.json')], { encoding: 'utf8' });
  }, SETUP_UNBOUNDED);

  it('type-checks with tsc --strict', () => {
    expect(checked?.stdout).toBe('');
    expect(checked?.status).toBe(0);
  });
});

describe('swift package', () => {
  const swiftc = spawnSync('swiftc', ['--version'], { encoding: 'utf8' });
  const hasSwift = !swiftc.error && swiftc.status === 0;
  if (!hasSwift)
    console.warn(
      "[swift binding] not compiled: no Swift compiler here (Debian's `swift` package is OpenStack Swift); lang/swift/README.md says the binding is unchecked",
    );

  it('declares, at the repository root where SwiftPM finds it by URL, one library target per revision, and says it is unchecked', () => {
    const manifest = readFileSync(join(REPO_ROOT, 'Package.swift'), 'utf8');
    for (const rev of REVISIONS) {
      expect(manifest).toContain(`.target(name: "MCP${compact(rev)}", path: "packages/schema/lang/swift/Sources/MCP${compact(rev)}")`);
      expect(existsSync(join(REPO_ROOT, 'packages/schema/lang/swift', `Sources/MCP${compact(rev)}`))).toBe(true);
      expect(existsSync(source('swift', rev))).toBe(true);
    }
    expect(existsSync(join(PACKAGE_DIR, 'lang', 'swift', 'Package.swift'))).toBe(false);
    expect(readFileSync(join(PACKAGE_DIR, 'lang', 'swift', 'README.md'), 'utf8')).toMatch(/Not compiled or run by mcpkit's tests/);
  });

  // `swift build` is the setup step (no wall-clock bound: SETUP_UNBOUNDED); the test judges its result.
  let built: ReturnType<typeof spawnSync> | undefined;
  beforeAll(() => {
    if (!hasSwift) return;
    const scratch = mkdtempSync(join(tmpdir(), 'mcpkit-swift-'));
    try {
      built = spawnSync('swift', ['build', '--package-path', REPO_ROOT, '--scratch-path', scratch], { encoding: 'utf8' });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, SETUP_UNBOUNDED);

  it.skipIf(!hasSwift)('builds with swift build (only where a Swift toolchain is installed)', () => {
    expect(String(built?.stderr)).not.toMatch(/error:/);
    expect(built?.status).toBe(0);
  });
});

describe('licence', () => {
  it.each(Object.keys(FILES))('lang/%s has the licence of @mcpkit/schema', (lang) => {
    expect(readFileSync(join(PACKAGE_DIR, 'lang', lang, 'LICENSE'), 'utf8')).toBe(readFileSync(join(PACKAGE_DIR, 'LICENSE'), 'utf8'));
  });
});
