// Docs as tests: the TypeScript blocks of the READMEs compile against the built packages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findRepoRoot } from '../checks/workspace.js';
import { tsBlocks } from './blocks.mjs';
import { compileBlocks, runBlock } from './compile.mjs';

const repoRoot = findRepoRoot(import.meta.dirname);

/** The READMEs whose blocks are checked: the root one and every package's. */
function readmes(): string[] {
  const packages = fs
    .readdirSync(path.join(repoRoot, 'packages'))
    .map((dir) => path.join(repoRoot, 'packages', dir, 'README.md'))
    .filter((file) => fs.existsSync(file));
  return [path.join(repoRoot, 'README.md'), ...packages.sort()];
}

describe('README TypeScript blocks', () => {
  const blocks = readmes().flatMap((file) => tsBlocks(file));
  const checked = blocks.filter((b) => !b.flags.includes('fragment'));

  it('are found in every package README', () => {
    const withBlocks = new Set(blocks.map((b) => path.relative(repoRoot, b.file)));
    for (const file of readmes()) expect(withBlocks.has(path.relative(repoRoot, file)), file).toBe(true);
  });

  it('all compile against the built packages (fragments aside)', { timeout: 120_000 }, () => {
    const failures = compileBlocks(checked, { repoRoot }).flatMap((r) => r.messages);
    expect(failures).toEqual([]);
  });

  it('marked runnable, run to completion', { timeout: 120_000 }, () => {
    for (const block of checked.filter((b) => b.flags.includes('runnable'))) {
      const { code, output } = runBlock(block);
      expect({ where: `${path.relative(repoRoot, block.file)}:${block.line}`, code, output }).toMatchObject({ code: 0 });
    }
  });
});

describe('the block check catches what it is for', () => {
  const temps: string[] = [];
  afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));
  const readme = (text: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-docs-'));
    temps.push(dir);
    fs.writeFileSync(path.join(dir, 'README.md'), text);
    return tsBlocks(path.join(dir, 'README.md'));
  };

  it('a call that does not match the API fails, naming the README line and column', () => {
    const blocks = readme(
      [
        '# x',
        '',
        '- in a list:',
        '',
        '  ```ts',
        "  import { pickVersion } from '@mcpkit/client';",
        '',
        "  pickVersion('2026-07-28');",
        '  ```',
        '',
        '```ts fragment',
        'handler: (args) => args,',
        '```',
        '',
        '```sh',
        'pnpm add @mcpkit/client',
        '```',
      ].join('\n'),
    );
    expect(blocks.map((b) => [b.line, b.flags])).toEqual([
      [6, []],
      [12, ['fragment']],
    ]);
    const [result] = compileBlocks(blocks.slice(0, 1));
    expect(result!.messages).toHaveLength(1);
    expect(result!.messages[0]).toMatch(/README\.md:8:1 Expected 2 arguments, but got 1\.$/);
  });

  it('a name the package does not export fails', () => {
    const [result] = compileBlocks(readme("```typescript\nimport { noSuchThing } from '@mcpkit/jsonrpc';\nnoSuchThing();\n```\n"));
    expect(result!.messages.join('\n')).toContain("has no exported member 'noSuchThing'");
  });

  it('each block is its own module: names do not leak from one block to the next', () => {
    const results = compileBlocks(readme('```ts\nconst x = 1;\n```\n\n```ts\nconsole.log(x);\n```\n'));
    expect(results.map((r) => r.messages.length)).toEqual([0, 1]);
  });

  it('a runnable block runs against the built packages; one that throws fails', () => {
    const [ok, bad] = readme(
      [
        '```ts runnable',
        "import { parseMessage } from '@mcpkit/jsonrpc';",
        'const outcome = parseMessage(\'{"jsonrpc":"2.0","id":1,"method":"ping"}\');',
        "if (outcome.kind !== 'request') throw new Error(outcome.kind);",
        '```',
        '',
        '```ts runnable',
        "throw new Error('broken example');",
        '```',
      ].join('\n'),
    );
    expect(runBlock(ok!).code).toBe(0);
    const failed = runBlock(bad!);
    expect(failed.code).not.toBe(0);
    expect(failed.output).toContain('broken example');
  });
});
