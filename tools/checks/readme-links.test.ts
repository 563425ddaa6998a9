import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkReadmeLinks, isPacked } from './readme-links.js';
import { findRepoRoot } from './workspace.js';

const repoRoot = findRepoRoot(import.meta.dirname);
const meta = JSON.parse(fs.readFileSync(path.join(repoRoot, 'tools/release/metadata.json'), 'utf8'));

describe('README links work inside the tarball', () => {
  it('every package README links only to packed files or to absolute URLs', () => {
    expect(checkReadmeLinks(repoRoot, meta).map((p) => `${p.where} ${p.link}: ${p.message}`)).toEqual([]);
  });
});

describe('the README link check catches what it is for', () => {
  const temps: string[] = [];
  afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));

  it('fails on links out of the package, to unpacked or missing files, root-relative ones and stale homes', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-links-'));
    temps.push(root);
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write('pnpm-workspace.yaml', 'packages: [packages/*]\n');
    write('packages/http/package.json', JSON.stringify({ name: '@mcpkit/http', files: ['dist', 'README.md'] }));
    write('packages/http/CONFORMANCE.md', '# notes\n');
    write('packages/http/dist/index.js', '');
    write('packages/express/package.json', JSON.stringify({ name: '@mcpkit/express' }));
    write(
      'packages/http/README.md',
      [
        'Mount it with [express](../express).',
        'Details in [CONFORMANCE.md](./CONFORMANCE.md), [gone](./gone.md), [root](/docs/x.md).',
        'Old home: [e](https://github.com/old/mcpkit/tree/main/packages/express); missing: [m](https://github.com/mcpkit/mcpkit/blob/main/packages/nope.md).',
        'Fine: [top](#top), [spec](https://modelcontextprotocol.io), [dist](./dist/index.js), [licence](LICENSE),',
        '[express](https://github.com/mcpkit/mcpkit/tree/main/packages/express), [notes](https://github.com/mcpkit/mcpkit/blob/main/packages/http/CONFORMANCE.md).',
        '```md',
        '[inside a fence](../ignored)',
        '```',
      ].join('\n'),
    );
    write('packages/http/LICENSE', 'Apache');
    const problems = checkReadmeLinks(root, { home: 'https://github.com/mcpkit/mcpkit', branch: 'main' }).map((p) => `${p.where} ${p.link}: ${p.message}`);
    expect(problems).toEqual([
      'packages/http/README.md:1 ../express: leaves the package; link to https://github.com/mcpkit/mcpkit/tree/main/... instead',
      'packages/http/README.md:2 ./CONFORMANCE.md: names CONFORMANCE.md, which the tarball does not hold (not in "files"); link to https://github.com/mcpkit/mcpkit/blob/main/packages/http/CONFORMANCE.md instead',
      'packages/http/README.md:2 ./gone.md: names gone.md, which does not exist',
      'packages/http/README.md:2 /docs/x.md: a root-relative link means nothing in a tarball; use a relative link or an absolute URL',
      'packages/http/README.md:3 https://github.com/old/mcpkit/tree/main/packages/express: points into a repository other than the home https://github.com/mcpkit/mcpkit; run node tools/release/metadata.mjs',
      'packages/http/README.md:3 https://github.com/mcpkit/mcpkit/blob/main/packages/nope.md: names packages/nope.md, which is not in the repository',
    ]);
  });

  it('isPacked follows `files` and what npm always packs', () => {
    expect(isPacked(['dist', 'README.md'], 'dist/index.js')).toBe(true);
    expect(isPacked(['dist'], 'LICENSE')).toBe(true);
    expect(isPacked(['dist'], 'CONFORMANCE.md')).toBe(false);
    expect(isPacked(undefined, 'anything.md')).toBe(true);
  });
});
