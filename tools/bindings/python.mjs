// Python: the source distribution and the wheel of `mcpkit-schema`, built by the package's own PEP 517
// backend (lang/python/build_backend, standard library only): the sdist from a copy of the folder,
// then the wheel from the unpacked sdist, which proves the sdist holds all a wheel needs.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { copyLang, describeFile, requireTool, run, version } from './common.mjs';

const PYTHON = process.env.MCPKIT_PYTHON || 'python3';

/** Calls the backend hook `hook(out)` with the folder `root` as the project; returns the file name. */
function hook(root, name, out) {
  const code = 'import sys; sys.path.insert(0, "build_backend"); import mcpkit_schema_build as b; print(getattr(b, sys.argv[1])(sys.argv[2]))';
  return run(PYTHON, ['-B', '-c', code, name, out], { cwd: root }).trim();
}

export const python = {
  lang: 'python',
  toolchain: () => requireTool(PYTHON, ['--version'], 'Debian: apt-get install python3'),
  /** Builds into `out` using `work` for scratch; returns the artifact files. */
  build({ out, work }) {
    const source = copyLang('python', join(work, 'source'));
    const dist = join(work, 'dist');
    mkdirSync(dist, { recursive: true });
    const sdist = hook(source, 'build_sdist', dist);
    const unpacked = join(work, 'unpacked');
    mkdirSync(unpacked, { recursive: true });
    run(PYTHON, ['-B', '-m', 'tarfile', '-e', join(dist, sdist), unpacked]);
    const wheel = hook(join(unpacked, sdist.replace(/\.tar\.gz$/, '')), 'build_wheel', dist);
    const expected = [`mcpkit_schema-${version()}.tar.gz`, `mcpkit_schema-${version()}-py3-none-any.whl`];
    if (sdist !== expected[0] || wheel !== expected[1]) throw new Error(`python: built ${sdist} and ${wheel}, expected ${expected.join(' and ')}`);
    mkdirSync(out, { recursive: true });
    return [sdist, wheel].map((file, i) => {
      copyFileSync(join(dist, file), join(out, file));
      return describeFile(join(out, file), i === 0 ? 'sdist (PyPI)' : 'wheel (PyPI)');
    });
  },
};
