import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPaths, findPaths, leavesRepository } from './paths.js';
import { findRepoRoot } from './workspace.js';

const repoRoot = findRepoRoot(import.meta.dirname);

describe('no committed file depends on one machine or on what lies above the checkout', () => {
  it('the repository has no absolute machine path and no reference above the checkout, outside the reasoned allow-list', () => {
    const { unexcused, stale } = checkPaths(repoRoot);
    expect(unexcused.map((f) => `${f.rule} ${f.file}:${f.line} ${f.text}`)).toEqual([]);
    expect(stale).toEqual([]);
  });
});

describe('the path check catches what it is for', () => {
  const temps: string[] = [];
  afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));
  function fixture(files: Record<string, string>): string {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-paths-'));
    temps.push(root);
    for (const [file, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), content);
    }
    return root;
  }

  it('fails on absolute machine paths and on the old shared/ folder, in code and prose', () => {
    const files = {
      'tools/setup/find.mjs': "const dir = '/work/shared/spec';\nconst home = `/home/ada/checkout`;\n",
      'packages/x/test/a.test.ts': "import { join } from 'node:path';\nconst p = join('shared', 'spec');\nconst q = '/tmp/mcpkit-x';\n",
      'packages/x/test/b.test.ts': "const spec = resolve(REPO, '../../../../shared/spec');\nconst up = new URL('../../../../elsewhere/', import.meta.url);\n",
      'README.md': 'Read [the notes](../shared/ARCHITECTURE.md) and C:\\\\Users\\\\ada\\\\repo.\n',
    };
    const root = fixture(files);
    const found = findPaths(root, Object.keys(files)).map((f) => `${f.rule} ${f.file}:${f.line} ${f.text}`);
    expect(found).toEqual([
      'absolute-path tools/setup/find.mjs:1 /work/shared/spec',
      'above-checkout tools/setup/find.mjs:1 shared/spec',
      'absolute-path tools/setup/find.mjs:2 /home/ada/checkout',
      "above-checkout packages/x/test/a.test.ts:2 'shared', 'spec'",
      'absolute-path packages/x/test/a.test.ts:3 /tmp/mcpkit-x',
      'above-checkout packages/x/test/b.test.ts:1 shared/spec',
      'above-checkout packages/x/test/b.test.ts:1 ../../../../shared/spec',
      'above-checkout packages/x/test/b.test.ts:2 ../../../../elsewhere/',
      'absolute-path README.md:1 C:\\\\Users\\\\ada\\\\repo.',
      'above-checkout README.md:1 shared/ARCHITECTURE.md',
      'above-checkout README.md:1 ../shared/ARCHITECTURE.md',
    ]);
  });

  it('leaves alone what is not a machine path: URLs, file:// URIs, system paths, relative paths inside the repository, src/shared folders', () => {
    const files = {
      'packages/x/src/a.ts': [
        "import { x } from '../shared/errors.js';",
        "const u = 'https://example.com/work/items';",
        "const root = 'file:///work/project';",
        "const sh = '#!/usr/bin/env node'; const n = '/dev/null';",
        "const tmp = join(os.tmpdir(), 'x');",
        "const cfg = '../../tsconfig.base.json';",
      ].join('\n'),
    };
    const root = fixture(files);
    expect(findPaths(root, Object.keys(files))).toEqual([]);
  });

  it('an allow-list entry excuses exactly its text in its file, and a stale one is reported', () => {
    const files = { 'docs/a.md': 'Socket: `/tmp/mcp.sock`.\n', 'docs/b.md': 'Socket: `/tmp/mcp.sock`.\n' };
    const root = fixture(files);
    const allowed = [
      { file: 'docs/a.md', text: '/tmp/mcp.sock', reason: 'example' },
      { file: 'docs/c.md', text: '/tmp/gone', reason: 'was removed' },
    ];
    const { unexcused, stale } = checkPaths(root, Object.keys(files), allowed);
    expect(unexcused.map((f) => f.file)).toEqual(['docs/b.md']);
    expect(stale.map((a) => a.file)).toEqual(['docs/c.md']);
  });

  it('depth: a relative path leaves the repository only when it climbs above the root', () => {
    expect(leavesRepository('packages/server/test', '../../../vendor/spec')).toBe(false);
    expect(leavesRepository('packages/server/test', '../../../../shared/spec')).toBe(true);
    expect(leavesRepository('.', '../x')).toBe(true);
    expect(leavesRepository('a', 'b/../../..')).toBe(true);
  });
});
