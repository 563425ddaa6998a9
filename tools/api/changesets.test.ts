// The tie between API reports and changesets, on throw-away git repositories: a package released
// at a tag, its report edited afterwards, and the changesets pending for it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findRepoRoot } from '../checks/workspace.js';
import { parseChangeset } from './changesets.mjs';
import { compareReports } from './compare.mjs';
import { checkChangesets } from './tie.mjs';

const report = (code: string) => `## API report: @mcpkit/p\n\n\`\`\`ts\n${code.trim()}\n\`\`\`\n`;
const one = (code: string) => new Map([['.', report(code)]]);

const BASE = `
import { Transport } from '@mcpkit/jsonrpc';

export interface Options {
    timeoutMs?: number;
}

export class Pool {
    constructor(transport: Transport);
    close(): Promise<void>;
}

// (undocumented)
export function open(name: string, options?: Options): Pool;

export function parse(text: string): unknown;
`;

describe('compareReports tells breaking from additive from documentation', () => {
  const compare = (after: string) => compareReports(one(BASE), one(after));

  it('an identical report is no change', () => {
    expect(compare(BASE)).toEqual({ breaking: [], additive: [], docs: [] });
  });
  it('a comment alone is documentation', () => {
    expect(compare(BASE.replace('// (undocumented)\n', ''))).toEqual({ breaking: [], additive: [], docs: ['documented open'] });
  });
  it('a removed export is breaking', () => {
    expect(compare(BASE.replace('export function parse(text: string): unknown;\n', '')).breaking).toEqual(['removed parse']);
  });
  it('a changed parameter type is breaking', () => {
    expect(compare(BASE.replace('parse(text: string)', 'parse(text: Uint8Array)')).breaking).toEqual(['changed parse']);
  });
  it('a new required member of an interface is breaking (implementations lack it); an optional one is not', () => {
    expect(compare(BASE.replace('    timeoutMs?: number;', '    timeoutMs?: number;\n    retries: number;')).breaking).toEqual(['changed Options']);
    expect(compare(BASE.replace('    timeoutMs?: number;', '    timeoutMs?: number;\n    retries?: number;'))).toEqual({
      breaking: [],
      additive: ['extended Options'],
      docs: [],
    });
  });
  it('a new class member, a new overload and a new export are additive', () => {
    const after = BASE.replace('    close(): Promise<void>;', '    close(): Promise<void>;\n    get size(): number;')
      .replace(
        'export function parse(text: string): unknown;',
        'export function parse(text: string): unknown;\n\nexport function parse(bytes: Uint8Array): unknown;',
      )
      .concat('\nexport const VERSION = "1";\n');
    expect(compare(after)).toEqual({ breaking: [], additive: ['added VERSION', 'extended Pool', 'extended parse'], docs: [] });
  });
  it('removed and added entries count, named by subpath', () => {
    const change = compareReports(
      new Map([
        ['.', report(BASE)],
        ['./node', report('export function serve(): void;')],
      ]),
      new Map([
        ['.', report(BASE)],
        ['./web', report('export function serve(): void;')],
      ]),
    );
    expect(change).toEqual({ breaking: ['entry ./node removed'], additive: ['entry ./web added'], docs: [] });
  });
  it('reads the real reports: taking `classify` out of @mcpkit/jsonrpc is breaking', () => {
    const real = fs.readFileSync(path.join(findRepoRoot(import.meta.dirname), 'packages/jsonrpc/api/index.api.md'), 'utf8');
    const without = real.replace(/\nexport function classify\(value: unknown\): ParseOutcome;\n/, '\n');
    expect(without).not.toBe(real);
    expect(compareReports(new Map([['.', real]]), new Map([['.', without]])).breaking).toEqual(['removed classify']);
  });
});

describe('parseChangeset', () => {
  it('reads the releases and the BREAKING: lines', () => {
    const c = parseChangeset('x', '---\n"@mcpkit/p": minor\n\'@mcpkit/q\': patch\n---\n\nRenames open.\n\nBREAKING: `open()` is now `connect()`.\n');
    expect([...c.releases]).toEqual([
      ['@mcpkit/p', 'minor'],
      ['@mcpkit/q', 'patch'],
    ]);
    expect(c.breaking).toEqual(['BREAKING: `open()` is now `connect()`.']);
  });
  it('refuses a frontmatter line it cannot read', () => {
    expect(() => parseChangeset('x', '---\n@mcpkit/p minor\n---\nText\n')).toThrow('cannot read frontmatter line');
  });
});

describe('the repository', () => {
  it('has a changeset, with the right bump, for every package whose report changed since its last release', () => {
    expect(checkChangesets(findRepoRoot(import.meta.dirname)).violations).toEqual([]);
  });
});

describe('checkChangesets on a throw-away git repository', () => {
  const temps: string[] = [];
  afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.invalid',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.invalid',
  };

  /** A repository with @mcpkit/p at `version`, its report committed, released (tagged) unless `tag` is false. */
  function repo(version: string, { tag = true } = {}) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-tie-'));
    temps.push(root);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, env, stdio: 'pipe', encoding: 'utf8' });
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    git('init', '-q', '-b', 'main');
    write('pnpm-workspace.yaml', 'packages: [packages/*]\n');
    write('packages/p/package.json', JSON.stringify({ name: '@mcpkit/p', version, exports: { '.': { import: { types: './dist/index.d.ts' } } } }));
    write('packages/p/api/index.api.md', report(BASE));
    write('.changeset/README.md', 'Changesets.\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'release');
    if (tag) git('tag', `@mcpkit/p@${version}`);
    const edit = (from: string, to: string) => write('packages/p/api/index.api.md', report(BASE.replace(from, to)));
    const changeset = (id: string, bump: string, text: string) => write(`.changeset/${id}.md`, `---\n"@mcpkit/p": ${bump}\n---\n\n${text}\n`);
    return { root, git, write, edit, changeset, check: (since?: string) => checkChangesets(root, since ? { since } : {}) };
  }
  const removeParse = ['export function parse(text: string): unknown;\n', ''] as const;

  it('an unchanged or only re-documented report needs no changeset', () => {
    const r = repo('0.3.0');
    expect(r.check()).toEqual({ violations: [], notes: [] });
    r.edit('// (undocumented)\n', '');
    expect(r.check().violations).toEqual([]);
  });

  it('0.x: a removed export needs a changeset, then a minor, then a BREAKING: line', () => {
    const r = repo('0.3.0');
    r.edit(...removeParse);
    expect(r.check().violations).toEqual(['@mcpkit/p: the API report changed (removed parse) but no changeset bumps @mcpkit/p; add .changeset/<name>.md']);
    r.changeset('drop-parse', 'patch', 'Drops parse.');
    expect(r.check().violations[0]).toContain('needs, while 0.3.0 is 0.x, a minor changeset with a line starting "BREAKING:"');
    r.changeset('drop-parse', 'minor', 'Drops parse.');
    expect(r.check().violations[0]).toContain('a minor changeset with a line starting "BREAKING:"');
    r.changeset('drop-parse', 'minor', 'Drops parse.\n\nBREAKING: `parse()` is gone; use `JSON.parse`.');
    expect(r.check().violations).toEqual([]);
  });

  it("0.x: an addition is covered by any changeset for the package; another package's changeset does not count", () => {
    const r = repo('0.3.0');
    r.edit('    timeoutMs?: number;', '    timeoutMs?: number;\n    retries?: number;');
    r.write('.changeset/other.md', '---\n"@mcpkit/q": major\n---\n\nElsewhere.\n');
    expect(r.check().violations).toHaveLength(1);
    r.changeset('retries', 'patch', 'Adds `retries`.');
    expect(r.check().violations).toEqual([]);
  });

  it('1.x: a breaking change needs a major; an addition needs a minor', () => {
    const r = repo('1.2.0');
    r.edit(...removeParse);
    r.changeset('drop-parse', 'minor', 'BREAKING: parse is gone.');
    expect(r.check().violations).toEqual(['@mcpkit/p: breaking API change (removed parse) needs a major changeset (the highest is minor)']);
    r.changeset('drop-parse', 'major', 'parse is gone.');
    expect(r.check().violations).toEqual([]);

    const s = repo('1.2.0');
    s.edit('    close(): Promise<void>;', '    close(): Promise<void>;\n    get size(): number;');
    s.changeset('size', 'patch', 'Adds Pool.size.');
    expect(s.check().violations).toEqual(['@mcpkit/p: new API (extended Pool) needs a minor changeset (the highest is patch)']);
    s.changeset('size', 'minor', 'Adds Pool.size.');
    expect(s.check().violations).toEqual([]);
  });

  it('the base is the last release tag: a report change committed after it is still checked', () => {
    const r = repo('0.3.0');
    r.edit(...removeParse);
    r.git('commit', '-q', '-am', 'drop parse');
    expect(r.check().violations).toHaveLength(1);
  });

  it('a package never released has nothing to break', () => {
    const r = repo('0.1.0', { tag: false });
    r.edit(...removeParse);
    expect(r.check()).toEqual({ violations: [], notes: ['@mcpkit/p: never released (no @mcpkit/p@* tag), nothing to break'] });
  });

  it('before the first release a BREAKING: line is refused (nothing can break); a plain first-release note is fine', () => {
    const r = repo('0.1.0', { tag: false });
    r.changeset('first', 'minor', 'First release: pools.\n\nBREAKING: `open()` is now `connect()`.');
    expect(r.check().violations).toEqual([
      '@mcpkit/p: never released, so nothing can break; drop the BREAKING: line of .changeset/first.md and say what the package does instead',
    ]);
    r.changeset('first', 'minor', 'First release: pools.\n\n- `open()` opens one.');
    expect(r.check().violations).toEqual([]);
    // Once released, the same line is what a 0.x breaking minor needs.
    const s = repo('0.3.0');
    s.changeset('drop', 'minor', 'BREAKING: `open()` is now `connect()`.');
    expect(s.check().violations).toEqual([]);
  });

  it('--since <branch>: only changesets added on this branch count', () => {
    const r = repo('0.3.0');
    r.changeset('earlier', 'minor', 'BREAKING: an earlier break, already on main.');
    r.git('add', '-A');
    r.git('commit', '-q', '-m', 'earlier changeset');
    r.git('checkout', '-q', '-b', 'topic');
    r.edit(...removeParse);
    expect(r.check().violations).toEqual([]);
    expect(r.check('main').violations).toHaveLength(1);
    r.changeset('drop-parse', 'minor', 'BREAKING: parse is gone.');
    expect(r.check('main').violations).toEqual([]);
  });
});
