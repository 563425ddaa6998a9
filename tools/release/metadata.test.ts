// tools/release/metadata.mjs keeps the registry metadata of every package in step with
// tools/release/metadata.json, and says so loudly while the home is a placeholder.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkMetadata, expectedFields, readMetadata, writeMetadata } from './metadata.mjs';

const SCRIPT = path.join(import.meta.dirname, 'metadata.mjs');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));

function run(...args: string[]): { code: number | null; stderr: string } {
  const result = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  return { code: result.status, stderr: result.stderr };
}

/** A throw-away repository with metadata.json and the given package manifests and READMEs. */
function fixture(meta: object, packages: Record<string, { manifest: object; readme?: string }>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-metadata-'));
  temps.push(root);
  fs.mkdirSync(path.join(root, 'tools/release'), { recursive: true });
  fs.writeFileSync(path.join(root, 'tools/release/metadata.json'), JSON.stringify(meta));
  for (const [dir, { manifest, readme }] of Object.entries(packages)) {
    fs.mkdirSync(path.join(root, 'packages', dir), { recursive: true });
    fs.writeFileSync(path.join(root, 'packages', dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    if (readme) fs.writeFileSync(path.join(root, 'packages', dir, 'README.md'), readme);
  }
  return root;
}
const META = { home: 'https://github.com/mcpkit/mcpkit', placeholder: true, branch: 'main', author: 'mcpkit contributors', license: 'Apache-2.0' };

describe('registry metadata from tools/release/metadata.json', () => {
  it('every package carries it (node tools/release/metadata.mjs --check), with the placeholder home named in a warning', () => {
    const { code, stderr } = run('--check');
    expect(code).toBe(0);
    const meta = readMetadata();
    if (meta.placeholder) {
      expect(stderr).toContain(`warning: placeholder home ${meta.home}:`);
      console.warn(stderr.trim()); // shown by vitest: the project has no public home yet
    }
    expect(checkMetadata().problems).toEqual([]);
  });

  it('--check fails on a missing and on a differing field, and the writer fixes both (new fields after "license")', () => {
    const fields = expectedFields(META, 'a');
    const { bugs: _bugs, ...withoutBugs } = fields;
    const root = fixture(META, {
      a: { manifest: { name: '@mcpkit/a', version: '0.1.0', ...withoutBugs, type: 'module' } },
      b: { manifest: { name: '@mcpkit/b', license: 'MIT', repository: { type: 'git', url: 'git+https://example.invalid/x.git' } } },
    });
    const failed = run('--check', root);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('packages/a/package.json: "bugs" is missing (expected {"url":"https://github.com/mcpkit/mcpkit/issues"})');
    expect(failed.stderr).toContain('packages/b/package.json: "license" is "MIT", expected "Apache-2.0"');
    expect(failed.stderr).toContain('packages/b/package.json: "author" is missing');
    expect(failed.stderr).toContain('warning: placeholder home https://github.com/mcpkit/mcpkit');

    expect(writeMetadata(root)).toEqual(['packages/a/package.json', 'packages/b/package.json']);
    expect(run('--check', root).code).toBe(0);
    const b = JSON.parse(fs.readFileSync(path.join(root, 'packages/b/package.json'), 'utf8'));
    expect(Object.keys(b)).toEqual(['name', 'license', 'author', 'homepage', 'bugs', 'repository']);
    expect(b.repository).toEqual({ type: 'git', url: 'git+https://github.com/mcpkit/mcpkit.git', directory: 'packages/b' });
    expect(b.homepage).toBe('https://github.com/mcpkit/mcpkit/tree/main/packages/b#readme');
  });

  it('a real home: no warning, and README links into the repository move to it', () => {
    const root = fixture(
      { ...META, home: 'https://github.com/someone/mcpkit', placeholder: false },
      {
        a: {
          manifest: { name: '@mcpkit/a', license: 'Apache-2.0' },
          readme: 'See [b](https://github.com/mcpkit/mcpkit/tree/main/packages/b) and [elsewhere](https://github.com/x/y/blob/main/nothing.md).\n',
        },
        b: { manifest: { name: '@mcpkit/b', license: 'Apache-2.0' } },
      },
    );
    writeMetadata(root);
    expect(checkMetadata(root)).toEqual({ problems: [], warnings: [] });
    expect(fs.readFileSync(path.join(root, 'packages/a/README.md'), 'utf8')).toBe(
      'See [b](https://github.com/someone/mcpkit/tree/main/packages/b) and [elsewhere](https://github.com/x/y/blob/main/nothing.md).\n',
    );
  });

  it('refuses a metadata.json without a usable home', () => {
    const root = fixture({ ...META, home: 'mcpkit' }, {});
    expect(() => checkMetadata(root)).toThrow('"home" must look like https://host/owner/repo');
  });
});
