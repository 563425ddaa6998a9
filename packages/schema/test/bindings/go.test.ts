// The Go module `lang/go` with Debian's Go (golang-go, 1.19): `go vet` over the module and its
// README example, then the round trip of every example and probe through a driver that imports the
// module by a `replace` directive, as a user's module would.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_DIR, REVISIONS } from '../helpers/spec.js';
import { corpusTypes, run, typeNameTable, versionOf } from './harness.js';
import { bindingSuite } from './suite.js';

const moduleDir = join(PACKAGE_DIR, 'lang', 'go');
const modulePath = /^module (\S+)$/m.exec(readFileSync(join(moduleDir, 'go.mod'), 'utf8'))![1]!;
const goPackage = (rev: string) => `mcp${rev.replaceAll('-', '')}`;
// No network, no workspace file, nothing written into the module folder (the build cache is the user's).
const env = { GOFLAGS: '-mod=mod', GOPROXY: 'off', GOWORK: 'off', GO111MODULE: 'on', CGO_ENABLED: '0' };

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
  toolchain: () => {
    const version = versionOf('go', ['version']);
    return version ? { version } : { missing: 'no `go` on PATH (Debian: apt-get install golang-go)' };
  },
  build: (work) => {
    run('go', ['vet', './...'], { cwd: moduleDir, env: { ...process.env, ...env }, lowPriority: true });
    writeFileSync(join(work, 'go.mod'), `module mcpkit.test/roundtrip\n\ngo 1.19\n\nrequire ${modulePath} v0.0.0\n\nreplace ${modulePath} => ${moduleDir}\n`);
    copyFileSync(join(PACKAGE_DIR, 'test', 'fixtures', 'bindings', 'go', 'main.go'), join(work, 'main.go'));
    writeFileSync(join(work, 'registry.go'), registry());
    run('go', ['build', '-o', join(work, 'roundtrip'), '.'], { cwd: work, env: { ...process.env, ...env }, lowPriority: true });
    return { command: join(work, 'roundtrip'), args: [] };
  },
  readme: () => run('go', ['run', './examples/readme'], { cwd: moduleDir, env: { ...process.env, ...env } }),
});
