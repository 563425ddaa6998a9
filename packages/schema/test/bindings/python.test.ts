// The package `mcpkit-schema` (Python, standard library only): build-artifacts.mjs builds its sdist
// and wheel with the package's own backend; two fresh virtual environments install them from the
// files with pip (no package index: the backend needs nothing); every example and probe is
// round-tripped through the installed wheel under `python -O` (no check may depend on `assert`),
// and again without -O to the same output; the README example runs; compileall and mypy pass.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_DIR } from '../helpers/spec.js';
import { readArchive } from './archive.js';
import { allItems, allRefusals, driverInput, run, versionOf } from './harness.js';
import { type Artifact, bindingSuite, SCHEMA_VERSION, SETUP_UNBOUNDED } from './suite.js';

const python = process.env.MCPKIT_PYTHON || 'python3';
const mypy = versionOf('mypy');
const venvPython = (venv: string) => join(venv, 'bin', 'python');
const driver = join(PACKAGE_DIR, 'test', 'fixtures', 'bindings', 'python', 'round_trip.py');
const env = { PYTHONIOENCODING: 'utf-8', PIP_DISABLE_PIP_VERSION_CHECK: '1', PIP_NO_INDEX: '1', PIP_NO_CACHE_DIR: '1' };
const file = (artifact: Artifact, suffix: string) => artifact.files.find((f) => f.file.endsWith(suffix))!.path;

/** A fresh virtual environment with `artifact` installed by pip from the file; returns its folder. */
function installInVenv(venv: string, path: string): string {
  run(python, ['-m', 'venv', '--without-pip', venv]);
  // The pip of the interpreter running the tests installs into the venv (--python, pip 22.3+).
  run(python, ['-m', 'pip', '--python', venvPython(venv), 'install', '--quiet', path], { env: { ...process.env, ...env }, lowPriority: true });
  return venv;
}

/** The site-packages folder of a venv. */
const sitePackages = (venv: string) => run(venvPython(venv), ['-c', 'import sysconfig; print(sysconfig.get_paths()["purelib"])']).trim();

bindingSuite({
  lang: 'python',
  pathStyle: 'pointer',
  toolchain: () => {
    const version = versionOf(python);
    if (!version) return { missing: `no \`${python}\` on PATH (Debian: apt-get install python3)` };
    if (!versionOf(python, ['-m', 'pip', '--version'])) return { missing: `no pip for ${python} (Debian: apt-get install python3-pip)` };
    return { version };
  },
  checkArtifact: (artifact) => {
    const wheel = readArchive(file(artifact, '.whl'));
    const info = `mcpkit_schema-${SCHEMA_VERSION}.dist-info`;
    expect([...wheel.keys()].sort()).toEqual(
      [
        `${info}/METADATA`,
        `${info}/RECORD`,
        `${info}/WHEEL`,
        `${info}/licenses/LICENSE`,
        'mcpkit_schema/__init__.py',
        'mcpkit_schema/_decoding.py',
        'mcpkit_schema/mcp_2025_11_25.py',
        'mcpkit_schema/mcp_2026_07_28.py',
        'mcpkit_schema/py.typed',
      ].sort(),
    );
    expect(wheel.get(`${info}/METADATA`)!.toString()).toMatch(new RegExp(`^Version: ${SCHEMA_VERSION}$`, 'm'));
    expect(wheel.get(`${info}/METADATA`)!.toString()).toMatch(/^License-Expression: Apache-2.0$/m);
    const sdist = readArchive(file(artifact, '.tar.gz'));
    const base = `mcpkit_schema-${SCHEMA_VERSION}`;
    for (const name of ['PKG-INFO', 'pyproject.toml', 'LICENSE', 'build_backend/mcpkit_schema_build.py', 'mcpkit_schema/mcp_2026_07_28.py']) {
      expect(sdist.has(`${base}/${name}`), name).toBe(true);
    }
  },
  install: (work, artifact) => {
    // The sdist too: pip builds it with the package's backend, offline, into its own venv.
    const fromSdist = installInVenv(join(work, 'venv-sdist'), file(artifact, '.tar.gz'));
    run(venvPython(fromSdist), ['-B', '-c', `import mcpkit_schema; assert mcpkit_schema.__version__ == "${SCHEMA_VERSION}"`]);
    const venv = installInVenv(join(work, 'venv'), file(artifact, '.whl'));
    mkdirSync(join(work, 'mypy'), { recursive: true });
    return { command: venvPython(venv), args: ['-B', '-O', driver], env };
  },
  readme: (work) =>
    run(venvPython(join(work, 'venv')), ['-B', join(PACKAGE_DIR, 'lang', 'python', 'examples', 'readme.py')], { env: { ...process.env, ...env } }),
  lint: {
    'compileall (every module of the installed package)': (work) => {
      run(venvPython(join(work, 'venv')), ['-m', 'compileall', '-q', join(sitePackages(join(work, 'venv')), 'mcpkit_schema')]);
    },
    ...(mypy
      ? {
          [`the type check (${mypy})`]: (work: string) => {
            const site = sitePackages(join(work, 'venv'));
            run('mypy', ['--cache-dir', join(work, 'mypy'), '--python-executable', venvPython(join(work, 'venv')), '-p', 'mcpkit_schema'], {
              cwd: site,
              lowPriority: true,
            });
          },
        }
      : { 'the type check': { missing: 'no `mypy` on PATH (Debian: apt-get install mypy)' } }),
  },
});

describe.skipIf(!versionOf(python))('python without and with -O', () => {
  let plain = '';
  let optimised = '';
  // Both runs in the setup step (no wall-clock bound, see SETUP_UNBOUNDED); the test only compares.
  beforeAll(() => {
    const input = driverInput([...allItems(), ...allRefusals()]);
    const root = join(PACKAGE_DIR, 'lang', 'python');
    // Straight from the repository's folder: the wheel's files are these (checked above).
    plain = run(python, ['-B', '-I', '-S', driver, root], { input });
    optimised = run(python, ['-B', '-O', '-I', '-S', driver, root], { input });
  }, SETUP_UNBOUNDED);

  it('decodes the same with and without -O (no check is an assert)', () => {
    expect(optimised).toBe(plain);
    expect(plain).toContain('!DecodeError: /params/name: expected a string, got 5');
  });
});
