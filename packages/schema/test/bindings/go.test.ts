// The Go module with Debian's Go (golang-go, 1.19): build-artifacts.mjs writes its module zip in a
// module proxy's layout; a fresh consumer module requires the module at its version and gets it from
// that file (GOPROXY=file://…, nothing else reachable); the round-trip driver and the README example
// are built there; gofmt and go vet run on the module as the consumer downloaded it.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { PACKAGE_DIR, REVISIONS } from '../helpers/spec.js';
import { readArchive } from './archive.js';
import { corpusTypes, run, typeNameTable, versionOf } from './harness.js';
import { bindingSuite, SCHEMA_VERSION } from './suite.js';

const moduleDir = join(PACKAGE_DIR, 'lang', 'go');
const modulePath = /^module (\S+)$/m.exec(readFileSync(join(moduleDir, 'go.mod'), 'utf8'))![1]!;
const tag = `v${SCHEMA_VERSION}`;
const goPackage = (rev: string) => `mcp${rev.replaceAll('-', '')}`;
/** The consumer's Go environment: the artifact as its only module source, its own module cache. */
const goEnv = (work: string) => ({
  ...process.env,
  // What lang/go/README.md says to set to install from the zip.
  GOPROXY: `file://${join(work, 'artifacts', 'go')}`,
  GONOSUMDB: modulePath,
  GOWORK: 'off',
  GO111MODULE: 'on',
  CGO_ENABLED: '0',
  GOMODCACHE: join(work, 'gomodcache'),
  // The cache's files are read-only unless -modcacherw: the test removes its folder afterwards.
  GOFLAGS: '-modcacherw',
});
/** Where the consumer's module cache holds the downloaded module. */
const downloaded = (work: string) => join(work, 'gomodcache', ...modulePath.split('/').slice(0, -1), `${modulePath.split('/').at(-1)}@${tag}`);

function registry(): string {
  const lines = ['package main', '', 'import ('];
  for (const rev of REVISIONS) lines.push(`\t${goPackage(rev)} "${modulePath}/${goPackage(rev)}"`);
  lines.push(')', '', 'var registry = map[string]map[string]func([]byte) ([]byte, error){');
  for (const rev of REVISIONS) {
    const source = readFileSync(join(moduleDir, goPackage(rev), 'mcp.go'), 'utf8');
    const declared = [...source.matchAll(/^func Unmarshal\w+\(data \[\]byte\) \((\w+), error\)/gm)].map((m) => m[1]!);
    const table = typeNameTable(corpusTypes(rev), declared);
    lines.push(`\t"${rev}": {`);
    for (const [def, name] of table) lines.push(`\t\t"${def}": roundTrip[${goPackage(rev)}.${name}],`);
    lines.push('\t},');
  }
  lines.push('}', '');
  return lines.join('\n');
}

bindingSuite({
  lang: 'go',
  pathStyle: 'pointer',
  toolchain: () => {
    const version = versionOf('go', ['version']);
    return version ? { version } : { missing: 'no `go` on PATH (Debian: apt-get install golang-go)' };
  },
  checkArtifact: (artifact) => {
    const zip = readArchive(artifact.files[0]!.path);
    const prefix = `${modulePath}@${tag}/`;
    expect([...zip.keys()].every((name) => name.startsWith(prefix))).toBe(true);
    expect(zip.get(`${prefix}go.mod`)!.toString()).toMatch(new RegExp(`^module ${modulePath}\\n`));
    expect(zip.get(`${prefix}version.go`)!.toString()).toContain(`const Version = "${SCHEMA_VERSION}"`);
    expect(zip.has(`${prefix}LICENSE`)).toBe(true);
  },
  install: (work) => {
    const consumer = join(work, 'consumer');
    mkdirSync(consumer, { recursive: true });
    // A user's module, which gets the binding as lang/go/README.md says.
    writeFileSync(join(consumer, 'go.mod'), 'module example.test/consumer\n\ngo 1.19\n');
    copyFileSync(join(PACKAGE_DIR, 'test', 'fixtures', 'bindings', 'go', 'main.go'), join(consumer, 'main.go'));
    writeFileSync(join(consumer, 'registry.go'), registry());
    run('go', ['get', `${modulePath}@${tag}`], { cwd: consumer, env: goEnv(work) });
    expect(readFileSync(join(consumer, 'go.mod'), 'utf8')).toContain(`require ${modulePath} ${tag}`);
    run('go', ['build', '-o', join(work, 'roundtrip'), '.'], { cwd: consumer, env: goEnv(work), lowPriority: true });
    const readme = join(consumer, 'readme');
    mkdirSync(readme);
    copyFileSync(join(moduleDir, 'examples', 'readme', 'main.go'), join(readme, 'main.go'));
    run('go', ['build', '-o', join(work, 'readme'), './readme'], { cwd: consumer, env: goEnv(work), lowPriority: true });
    expect(readFileSync(join(consumer, 'go.sum'), 'utf8')).toContain(`${modulePath} ${tag} h1:`);
    return { command: join(work, 'roundtrip'), args: [] };
  },
  readme: (work) => run(join(work, 'readme'), []),
  lint: {
    'gofmt (no file of the downloaded module differs)': (work) => {
      expect(run('gofmt', ['-l', '.'], { cwd: downloaded(work) })).toBe('');
    },
    'go vet (every package of the module)': (work) => {
      const packages = run('go', ['list', `${modulePath}/...`], { cwd: join(work, 'consumer'), env: goEnv(work) })
        .trim()
        .split('\n')
        .sort();
      expect(packages).toEqual([
        modulePath,
        `${modulePath}/examples/readme`,
        `${modulePath}/internal/jsonopen`,
        `${modulePath}/mcp20251125`,
        `${modulePath}/mcp20260728`,
      ]);
      run('go', ['vet', ...packages], { cwd: join(work, 'consumer'), env: goEnv(work), lowPriority: true });
    },
  },
});
