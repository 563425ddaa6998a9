// tools/spec/refresh.mjs against throw-away upstream repositories (GitHub is not needed): one laid
// out like modelcontextprotocol/modelcontextprotocol from the vendored files themselves, so a
// refresh at its commit must give back vendor/spec byte for byte.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { refresh, rewriteSourceNote, VENDOR_SPEC } from './refresh.mjs';
import { SOURCES } from './sources.mjs';

const temps: string[] = [];
afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));
const temp = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid' };

/** Every file below `dir` as a Map of relative path → bytes. */
function tree(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out.set(path.relative(dir, full).split(path.sep).join('/'), fs.readFileSync(full));
  }
  return out;
}

/** An upstream repository whose tree maps onto vendor/spec as sources.mjs says, plus files the mapping leaves out. */
function upstreamFromVendored() {
  const root = temp('mcpkit-upstream-');
  const run = (...args: string[]) => execFileSync('git', args, { cwd: root, env, encoding: 'utf8', stdio: 'pipe' });
  const write = (file: string, bytes: Buffer | string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), bytes);
  };
  const vendored = tree(VENDOR_SPEC);
  for (const rule of SOURCES.spec!.rules) {
    for (const [here, bytes] of vendored) {
      if (rule.to.endsWith('/') ? here.startsWith(rule.to) : here === rule.to) write(rule.from + here.slice(rule.to.length), bytes);
    }
  }
  // What the mapping leaves out: code, the TypeDoc page, screenshots, drafts, other revisions.
  write('schema/2026-07-28/schema.ts', 'export type X = 1;\n');
  write('docs/specification/2026-07-28/schema.mdx', '<div>generated</div>\n');
  write('docs/specification/2026-07-28/server/tools.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  write('docs/specification/draft/index.mdx', 'draft\n');
  write('schema/2025-06-18/schema.json', '{}\n');
  run('init', '-q', '-b', 'main');
  run('add', '-A');
  run('commit', '-q', '-m', 'Spec as vendored (#1)');
  return { root, run, write, head: () => run('rev-parse', 'HEAD').trim() };
}

/** A copy of vendor/spec to refresh into. */
function copyOfVendored() {
  const out = temp('mcpkit-vendor-');
  fs.cpSync(VENDOR_SPEC, out, { recursive: true });
  return out;
}

const withoutCommitLines = (text: string) => text.replace(/^- \*\*Commit:\*\* .*$/gm, '');

describe('tools/spec/refresh.mjs', () => {
  it('gives back vendor/spec byte for byte from an upstream laid out as SOURCE.md says, and records the commit', () => {
    const upstream = upstreamFromVendored();
    const out = copyOfVendored();
    const { commit, files } = refresh({ source: 'spec', from: upstream.root, commit: upstream.head(), out });
    expect(commit).toBe(upstream.head());
    expect(files).toContain('2026-07-28/examples/CallToolRequest/call-tool-request.json');
    expect(files).not.toContain('2026-07-28/pages/schema.mdx');

    const before = tree(VENDOR_SPEC);
    const after = tree(out);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [file, bytes] of before) if (file !== 'SOURCE.md') expect(after.get(file)!.equals(bytes), file).toBe(true);
    const note = after.get('SOURCE.md')!.toString('utf8');
    expect(note).toContain(`- **Commit:** \`${commit}\` (${upstream.run('log', '-1', '--format=%cs').trim()}, `);
    expect(note).toContain('"Spec as vendored (#1)") <!-- refresh:spec -->');
    // The other source's line and the rest of the note are untouched.
    expect(withoutCommitLines(note)).toBe(withoutCommitLines(before.get('SOURCE.md')!.toString('utf8')));
    expect(note).toContain('`e4345978be1f602f1fc48d89051e8559dd5302a6` <!-- refresh:ext-tasks -->');
  });

  it('a later commit: changed files are rewritten, removed ones disappear, files of other sources and ours stay (from a file:// URL)', () => {
    const upstream = upstreamFromVendored();
    upstream.run('rm', '-q', 'schema/2026-07-28/examples/CallToolRequest/call-tool-request.json');
    upstream.write('schema/2025-11-25/schema.json', '{"changed":true}\n');
    upstream.write('docs/specification/2026-07-28/server/new-page.mdx', '# New\n');
    upstream.run('add', '-A');
    upstream.run('commit', '-q', '-m', 'Drop an example, change the legacy schema');
    const out = copyOfVendored();
    const digest = fs.readFileSync(path.join(out, 'DIGEST.md'));
    const tasks = fs.readFileSync(path.join(out, 'extensions/tasks/schema.json'));

    refresh({ source: 'spec', from: pathToFileURL(upstream.root).href, commit: upstream.head(), out });
    expect(fs.existsSync(path.join(out, '2026-07-28/examples/CallToolRequest/call-tool-request.json'))).toBe(false);
    expect(fs.readFileSync(path.join(out, '2025-11-25/schema.json'), 'utf8')).toBe('{"changed":true}\n');
    expect(fs.readFileSync(path.join(out, '2026-07-28/pages/server/new-page.mdx'), 'utf8')).toBe('# New\n');
    expect(fs.readFileSync(path.join(out, 'DIGEST.md')).equals(digest)).toBe(true);
    expect(fs.readFileSync(path.join(out, 'extensions/tasks/schema.json')).equals(tasks)).toBe(true);
    expect(fs.readFileSync(path.join(out, 'SOURCE.md'), 'utf8')).toContain(`\`${upstream.head()}\``);
  });

  it('an unknown commit or an upstream missing a mapped file fails clearly and changes nothing', () => {
    const upstream = upstreamFromVendored();
    const out = copyOfVendored();
    const before = tree(out);
    expect(() => refresh({ source: 'spec', from: upstream.root, commit: 'deadbeefdeadbeef', out })).toThrow('commit deadbeefdeadbeef not found');
    upstream.run('rm', '-q', 'LICENSE');
    upstream.run('commit', '-q', '-m', 'no licence');
    expect(() => refresh({ source: 'spec', from: upstream.root, commit: upstream.head(), out })).toThrow('upstream has no LICENSE');
    expect(() => refresh({ source: 'nope', from: upstream.root, commit: upstream.head(), out })).toThrow('unknown source "nope"');
    const after = tree(out);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [file, bytes] of before) expect(after.get(file)!.equals(bytes), file).toBe(true);
  });

  it('the CLI says what it needs', () => {
    const script = path.join(import.meta.dirname, 'refresh.mjs');
    let stderr = '';
    try {
      execFileSync(process.execPath, [script, 'spec'], { stdio: 'pipe', encoding: 'utf8' });
    } catch (error) {
      stderr = String((error as { stderr?: string }).stderr);
    }
    expect(stderr).toContain('usage: node tools/spec/refresh.mjs <spec|ext-tasks> --from <checkout|url> --commit <sha>');
  });

  it('refuses a SOURCE.md without the line to rewrite', () => {
    expect(() => rewriteSourceNote('# nothing\n', 'spec', { commit: 'a', date: 'd', subject: 's' })).toThrow('no "- **Commit:** … <!-- refresh:spec -->" line');
  });
});
