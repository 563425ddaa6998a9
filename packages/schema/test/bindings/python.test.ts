// The package `lang/python` (`mcpkit_schema`) with the standard library only: imported in isolation
// (-I -S: no site-packages; -B: no __pycache__ left in the repository), every example and probe
// round-tripped, the README example run, and, where setuptools is installed, a wheel built from a
// copy of the package (its manifest, `py.typed` and both modules must be in it).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { PACKAGE_DIR } from '../helpers/spec.js';
import { run, versionOf } from './harness.js';
import { bindingSuite } from './suite.js';

const packageDir = join(PACKAGE_DIR, 'lang', 'python');
const python = 'python3';

bindingSuite({
  lang: 'python',
  toolchain: () => {
    const version = versionOf(python);
    return version ? { version } : { missing: 'no `python3` on PATH (Debian: apt-get install python3)' };
  },
  build: () => {
    run(python, [
      '-B',
      '-I',
      '-S',
      '-c',
      'import sys; sys.path.insert(0, sys.argv[1]); import mcpkit_schema.mcp_2026_07_28, mcpkit_schema.mcp_2025_11_25',
      packageDir,
    ]);
    return { command: python, args: ['-B', '-I', '-S', join(PACKAGE_DIR, 'test', 'fixtures', 'bindings', 'python', 'round_trip.py'), packageDir] };
  },
  readme: () => run(python, ['-B', join(packageDir, 'examples', 'readme.py')], { env: { ...process.env, PYTHONPATH: packageDir, PYTHONIOENCODING: 'utf-8' } }),
});

const hasSetuptools = versionOf(python, ['-c', 'import setuptools; print(setuptools.__version__)']);
if (!hasSetuptools) console.warn('[python binding] setuptools missing: the source distribution is not built');

it.skipIf(!hasSetuptools)('python: pyproject.toml builds a source distribution holding both modules and py.typed', { timeout: 300_000 }, () => {
  // A copy: setuptools builds in the source folder (build/, *.egg-info).
  const work = mkdtempSync(join(tmpdir(), 'mcpkit-wheel-'));
  try {
    cpSync(packageDir, join(work, 'src'), { recursive: true });
    // The PEP 517 hook pip would call (a wheel would also need the `wheel` package).
    const build = 'import sys; from setuptools import build_meta; print(build_meta.build_sdist(sys.argv[1]))';
    run(python, ['-B', '-c', build, join(work, 'dist')], { cwd: join(work, 'src') });
    const version = (JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { version: string }).version;
    // setuptools 69 and later normalise the file name to mcpkit_schema-…
    const [archive, ...others] = readdirSync(join(work, 'dist'));
    expect(others).toEqual([]);
    expect(archive).toMatch(new RegExp(`^mcpkit[-_]schema-${version.replaceAll('.', '\\.')}\\.tar\\.gz$`));
    const listing = run(python, ['-m', 'tarfile', '-l', join(work, 'dist', archive!)]);
    for (const file of ['__init__.py', 'py.typed', 'mcp_2026_07_28.py', 'mcp_2025_11_25.py']) {
      expect(listing).toContain(`${archive!.replace(/\.tar\.gz$/, '')}/mcpkit_schema/${file}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
