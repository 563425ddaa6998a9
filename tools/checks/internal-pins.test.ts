import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkInternalPins, isExactPin } from './internal-pins.js';
import { findRepoRoot } from './workspace.js';

const repoRoot = findRepoRoot(import.meta.dirname);

describe('./internal entries across packages', () => {
  it("every package importing a sibling's ./internal entry depends on its exact version", () => {
    expect(checkInternalPins(repoRoot).map((v) => `${v.where}: ${v.message}`)).toEqual([]);
  });

  it('exact pins are workspace:* and plain versions; ranges are not', () => {
    for (const exact of ['workspace:*', '0.1.0', 'workspace:0.1.0', '1.2.3-next.0']) expect(isExactPin(exact), exact).toBe(true);
    for (const range of ['workspace:^', 'workspace:~', '^0.1.0', '~0.1.0', '>=0.1.0', '*', undefined]) expect(isExactPin(range), String(range)).toBe(false);
  });
});

describe('the internal-pin check catches what it is for', () => {
  const temps: string[] = [];
  afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));
  function fixture(files: Record<string, string | object>): string {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-pins-'));
    temps.push(root);
    for (const [file, content] of Object.entries({ 'pnpm-workspace.yaml': 'packages: [packages/*]\n', ...files })) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), typeof content === 'string' ? content : JSON.stringify(content));
    }
    return root;
  }
  const manifest = (name: string, dependencies: Record<string, string> = {}) => ({
    name: `@mcpkit/${name}`,
    exports: { '.': './dist/index.js', './internal': './dist/internal.js' },
    dependencies,
  });

  it('fails on an ./internal import under a caret range or with no dependency; passes with workspace:*; ignores own entries and root imports', () => {
    const root = fixture({
      'packages/http/package.json': manifest('http'),
      'packages/http/src/index.ts': "export * from './internal.js';\nimport '@mcpkit/http/internal';\n",
      'packages/legacy/package.json': manifest('legacy', { '@mcpkit/http': 'workspace:^', '@mcpkit/client': 'workspace:*' }),
      'packages/legacy/src/a.ts': "import { createExchange } from '@mcpkit/http/internal';\nimport type { X } from '@mcpkit/client/internal';\n",
      'packages/express/package.json': manifest('express', { '@mcpkit/http': '^0.1.0' }),
      'packages/express/src/index.ts': "import { createHttpHandler } from '@mcpkit/http';\nexport type { T } from '@mcpkit/http/internal';\n",
      'packages/auth/package.json': manifest('auth'),
      'packages/auth/src/index.ts': "const j = await import('@mcpkit/jsonrpc/internal');\n",
    });
    expect(checkInternalPins(root).map((v) => `${v.where}: ${v.message}`)).toEqual([
      'packages/auth/src/index.ts:1: @mcpkit/auth imports @mcpkit/jsonrpc/internal but has no dependency on @mcpkit/jsonrpc; add "@mcpkit/jsonrpc": "workspace:*"',
      'packages/express/src/index.ts:2: @mcpkit/express imports @mcpkit/http/internal (outside semver) but depends on @mcpkit/http as "^0.1.0"; depend on the exact version: "workspace:*"',
      'packages/legacy/src/a.ts:1: @mcpkit/legacy imports @mcpkit/http/internal (outside semver) but depends on @mcpkit/http as "workspace:^"; depend on the exact version: "workspace:*"',
    ]);
  });
});
