// The cheap `--check`: what the stamp hashes, and that a stale or stray file is still found without
// regenerating. Plus the post-processing guard: a rule that no longer matches quicktype's output
// fails codegen instead of silently doing nothing (a quicktype upgrade changes the inputs hash, so
// `--check` then regenerates and runs every rule).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { extraFiles } from './lib/outputs.mjs';
import { applyRules } from './lib/rewrite.mjs';
import { generatorVersions, inputsHash, makeStamp, staleAgainstStamp } from './lib/stamp.mjs';

let root: string | undefined;
afterEach(() => root && rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'mcpkit-stamp-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const versions = { typescript: '5.9.3', 'quicktype-core': '26.0.0' };

describe('inputs hash', () => {
  const files = {
    'schema/2026-07-28/base.ts': 'export interface A { a: string }\n',
    'tools/codegen/lib/step.mjs': 'export const x = 1;\n',
    'tools/codegen/templates/go/go.mod.tmpl': 'module {{goModule}}\n',
    'tools/codegen/step.test.ts': 'test\n',
    'tools/codegen/README.md': 'docs\n',
  };

  it('changes with a canonical source, codegen code or a generator version', () => {
    const dir = tree(files);
    const before = inputsHash(dir, versions);
    expect(inputsHash(dir, versions)).toBe(before);
    for (const path of ['schema/2026-07-28/base.ts', 'tools/codegen/lib/step.mjs']) {
      writeFileSync(join(dir, path), 'changed\n');
      const after = inputsHash(dir, versions);
      expect(after, path).not.toBe(before);
      writeFileSync(join(dir, path), files[path as keyof typeof files]);
    }
    expect(inputsHash(dir, { ...versions, 'quicktype-core': '26.0.1' })).not.toBe(before);
    writeFileSync(join(dir, 'schema/2026-07-28/new.ts'), 'export type B = 1;\n');
    expect(inputsHash(dir, versions)).not.toBe(before);
  });

  it('changes with the repository address (the Go module path is made from it), not with the version', () => {
    const dir = tree(files);
    const before = inputsHash(dir, versions);
    const manifest = (version: string, url: string) =>
      `${JSON.stringify({ name: '@mcpkit/schema', version, repository: { type: 'git', url, directory: 'packages/schema' } })}\n`;
    mkdirSync(join(dir, 'packages/schema'), { recursive: true });
    writeFileSync(join(dir, 'packages/schema/package.json'), manifest('0.1.0', 'git+https://example.invalid/a.git'));
    const withRepository = inputsHash(dir, versions);
    expect(withRepository).not.toBe(before);
    writeFileSync(join(dir, 'packages/schema/package.json'), manifest('0.2.0', 'git+https://example.invalid/a.git'));
    expect(inputsHash(dir, versions)).toBe(withRepository);
    writeFileSync(join(dir, 'packages/schema/package.json'), manifest('0.2.0', 'git+https://example.invalid/b.git'));
    expect(inputsHash(dir, versions)).not.toBe(withRepository);
  });

  it('ignores tests, documentation, the stamp and the package templates (always compared in full)', () => {
    const dir = tree(files);
    const before = inputsHash(dir, versions);
    writeFileSync(join(dir, 'tools/codegen/templates/go/go.mod.tmpl'), 'module other\n');
    writeFileSync(join(dir, 'tools/codegen/step.test.ts'), 'another test\n');
    writeFileSync(join(dir, 'tools/codegen/README.md'), 'more docs\n');
    writeFileSync(join(dir, 'tools/codegen/stamp.json'), '{}\n');
    expect(inputsHash(dir, versions)).toBe(before);
  });

  it('covers the installed generators', () => {
    expect(Object.keys(generatorVersions()).sort()).toEqual(['ajv', 'quicktype-core', 'typescript', 'typescript-json-schema']);
  });
});

describe('checking against the stamp', () => {
  it('finds an edited, a missing and a stray output without regenerating', () => {
    const outputs = new Map([
      ['packages/schema/lang/go/mcp.go', 'package mcp\n'],
      ['packages/schema/lang/rust/src/lib.rs', 'pub mod x;\n'],
    ]);
    const dir = tree(Object.fromEntries(outputs));
    const stamp = makeStamp('abc', outputs);
    expect(staleAgainstStamp(stamp, dir)).toEqual([]);
    writeFileSync(join(dir, 'packages/schema/lang/go/mcp.go'), 'package mcp // edited by hand\n');
    rmSync(join(dir, 'packages/schema/lang/rust/src/lib.rs'));
    expect(staleAgainstStamp(stamp, dir)).toEqual([
      { path: 'packages/schema/lang/go/mcp.go', reason: 'out of date' },
      { path: 'packages/schema/lang/rust/src/lib.rs', reason: 'missing' },
    ]);
    writeFileSync(join(dir, 'packages/schema/lang/stray.txt'), 'x\n');
    mkdirSync(join(dir, 'packages/schema/lang/rust/target'), { recursive: true });
    writeFileSync(join(dir, 'packages/schema/lang/rust/target/build.log'), 'cargo output\n');
    expect(extraFiles(new Set(outputs.keys()), ['packages/schema/lang'], dir)).toEqual([
      { path: 'packages/schema/lang/stray.txt', reason: 'no longer generated' },
    ]);
  });
});

describe('post-processing rules', () => {
  const text = 'type A struct {\n\tX int `json:"x"`\n}\n';

  it('apply where their pattern matches', () => {
    expect(applyRules('go test', text, [{ name: 'rename', pattern: /^type A /gm, replace: 'type B ' }])).toBe(text.replace('type A', 'type B'));
  });

  it('fail codegen when quicktype no longer emits the shape they rewrite', () => {
    expect(() => applyRules('go test', text, [{ name: 'fix Marshal', pattern: /^func \(r \*A\) Marshal/gm, replace: '' }])).toThrow(
      /rule "fix Marshal" for go test matched 0 time\(s\), expected at least 1: quicktype's output changed shape/,
    );
    expect(() => applyRules('go test', text, [{ name: 'structs', pattern: /^type \w+ struct/gm, replace: 'x', min: 2 }])).toThrow(/matched 1 time/);
  });
});
