// The command the release runs: its options, the artifact-less Swift entry, and the pieces the
// builders share. The artifacts themselves are installed and used by packages/schema/test/bindings/.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildArtifacts, main } from './build-artifacts.mjs';
import { escapeModulePath } from './go.mjs';
import { describeManifest } from './release.mjs';
import { zip } from './zip.mjs';

let out: string | undefined;
afterEach(() => {
  if (out) rmSync(out, { recursive: true, force: true });
  out = undefined;
  vi.restoreAllMocks();
});

describe('build-artifacts.mjs', () => {
  it('needs --out and refuses options and languages it does not know', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(main([])).toBe(2);
    expect(main(['--out', 'x', '--fast'])).toBe(2);
    expect(errors.mock.calls.flat().join('\n')).toContain('unknown option --fast');
    expect(() => buildArtifacts({ out: 'unused', languages: ['cobol'] })).toThrow(/unknown language cobol/);
  });

  it('writes artifacts.json with the version of @mcpkit/schema; Swift has a note and no file', () => {
    out = mkdtempSync(join(tmpdir(), 'mcpkit-artifacts-'));
    const manifest = buildArtifacts({ out, languages: ['swift'] });
    const version = JSON.parse(readFileSync(new URL('../../packages/schema/package.json', import.meta.url), 'utf8')).version;
    expect(JSON.parse(readFileSync(join(out, 'artifacts.json'), 'utf8'))).toEqual(manifest);
    expect(manifest.version).toBe(version);
    const swift = manifest.languages.swift as { files: object[]; note?: string };
    expect(swift.files).toEqual([]);
    expect(swift.note).toMatch(/Package\.swift at the repository root/);
  });
});

describe('a missing toolchain', () => {
  const script = new URL('./build-artifacts.mjs', import.meta.url).pathname;
  const build = (...extra: string[]) => {
    out = mkdtempSync(join(tmpdir(), 'mcpkit-artifacts-'));
    return spawnSync(process.execPath, [script, '--out', out, '--only', 'python,swift', ...extra], {
      encoding: 'utf8',
      env: { ...process.env, MCPKIT_PYTHON: 'mcpkit-no-such-python' },
    });
  };

  it('fails the run, naming the tool and its Debian package', () => {
    const result = build();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('no `mcpkit-no-such-python` (Debian: apt-get install python3)');
  });

  it('is skipped with --skip-missing, saying so, and the other languages are still built', () => {
    const result = build('--skip-missing');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('python: skipped, no `mcpkit-no-such-python`');
    const manifest = JSON.parse(readFileSync(join(out!, 'artifacts.json'), 'utf8'));
    expect(manifest.languages.python).toEqual({ skipped: 'no `mcpkit-no-such-python` (Debian: apt-get install python3)' });
    expect(manifest.languages.swift.files).toEqual([]);
  });
});

describe("the release rehearsal's line", () => {
  const manifest = {
    version: '1.2.3',
    languages: {
      python: { toolchain: 'Python 3', files: [{ file: 'a.whl' }, { file: 'a.tar.gz' }] },
      kotlin: { skipped: 'no `kotlinc`' },
      swift: { toolchain: 'none', files: [], note: 'SwiftPM reads the tag' },
    },
  };

  it('names every file, what has none and what was skipped', () => {
    expect(describeManifest(manifest, '1.2.3')).toBe(
      '@mcpkit/schema 1.2.3: python: a.whl, a.tar.gz; kotlin SKIPPED (no `kotlinc`); swift: no file (SwiftPM reads the tag)',
    );
  });

  it('refuses artifacts that do not carry the version being released', () => {
    expect(() => describeManifest(manifest, '1.3.0')).toThrow(/carry 1\.2\.3, the release is 1\.3\.0/);
  });
});

describe('shared pieces', () => {
  it('escapes capitals in module paths as the module proxy protocol does', () => {
    expect(escapeModulePath('github.com/Example/MCPKit/go')).toBe('github.com/!example/!m!c!p!kit/go');
  });

  it('zips reproducibly: the same entries give the same bytes, and each entry inflates back', () => {
    const entries: [string, string][] = [
      ['a/b.txt', 'hello'],
      ['LICENSE', 'text'],
    ];
    const bytes = zip(entries);
    expect(zip(entries).equals(bytes)).toBe(true);
    // The first local header: name, then the deflated data.
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    const nameLength = bytes.readUInt16LE(26);
    expect(bytes.subarray(30, 30 + nameLength).toString()).toBe('a/b.txt');
    const packed = bytes.readUInt32LE(18);
    expect(inflateRawSync(bytes.subarray(30 + nameLength, 30 + nameLength + packed)).toString()).toBe('hello');
    expect(() => zip([...entries, ['LICENSE', 'again']])).toThrow(/LICENSE twice/);
  });
});
