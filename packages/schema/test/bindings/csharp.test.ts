// The NuGet package Mcpkit.Schema with Debian's mono-mcs 6.8, Newtonsoft.Json 6.0.8
// (libnewtonsoft-json-cil-dev) and nuget 2.8 (mono): build-artifacts.mjs compiles the assembly from
// lang/csharp in C# 6 mode (warning level 4, warnings as errors) and zips the nupkg; a local feed
// holds it and a stand-in Newtonsoft.Json package made from Debian's assembly (nuget.org is out of
// reach); `nuget install` puts both into a fresh consumer folder, where the round-trip driver and the
// README example are compiled against the installed assemblies and run with mono.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { PACKAGE_DIR } from '../helpers/spec.js';
import { readArchive } from './archive.js';
import { run, versionOf } from './harness.js';
import { bindingSuite, SCHEMA_VERSION } from './suite.js';
import { zipFiles } from './zip-files.js';

const NEWTONSOFT = '/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll';
const NEWTONSOFT_VERSION = '6.0.8';
// mono picks the console encoding from the locale; the outputs hold non-ASCII text. HOME: nuget
// writes its settings there.
const env = (work: string) => ({ ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', HOME: join(work, 'home') });
const bin = (work: string) => join(work, 'consumer', 'bin');

/** A package of Debian's Newtonsoft.Json assembly, standing in for nuget.org's in the local feed. */
function newtonsoftPackage(feed: string): void {
  const nuspec = `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://schemas.microsoft.com/packaging/2013/05/nuspec.xsd"><metadata><id>Newtonsoft.Json</id><version>${NEWTONSOFT_VERSION}</version><authors>James Newton-King</authors><description>Debian's libnewtonsoft-json-cil-dev assembly, for this test only.</description></metadata></package>`;
  zipFiles(join(feed, `Newtonsoft.Json.${NEWTONSOFT_VERSION}.nupkg`), [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml" /><Default Extension="nuspec" ContentType="application/octet" /><Default Extension="dll" ContentType="application/octet" /></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="utf-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Type="http://schemas.microsoft.com/packaging/2010/07/manifest" Target="/Newtonsoft.Json.nuspec" Id="R0" /></Relationships>',
    ],
    ['Newtonsoft.Json.nuspec', nuspec],
    ['lib/net45/Newtonsoft.Json.dll', NEWTONSOFT],
  ]);
}

bindingSuite({
  lang: 'csharp',
  pathStyle: 'names',
  toolchain: () => {
    const mcs = versionOf('mcs', ['--version']);
    if (!mcs || !versionOf('mono', ['--version'])) return { missing: 'no `mcs`/`mono` on PATH (Debian: apt-get install mono-mcs)' };
    if (!existsSync(NEWTONSOFT)) return { missing: `no ${NEWTONSOFT} (Debian: apt-get install libnewtonsoft-json-cil-dev)` };
    // `nuget help` prints its version but does not exit (mono): look for the command instead.
    if (spawnSync('sh', ['-c', 'command -v nuget']).status !== 0) return { missing: 'no `nuget` on PATH (Debian: apt-get install nuget)' };
    return { version: mcs };
  },
  checkArtifact: (artifact) => {
    const nupkg = readArchive(artifact.files.find((f) => f.file.endsWith('.nupkg'))!.path);
    const nuspec = nupkg.get('Mcpkit.Schema.nuspec')!.toString();
    expect(nuspec).toContain(`<version>${SCHEMA_VERSION}</version>`);
    expect(nuspec).toContain('<license type="expression">Apache-2.0</license>');
    for (const file of ['[Content_Types].xml', '_rels/.rels', 'lib/net45/Mcpkit.Schema.dll', 'lib/net45/Mcpkit.Schema.xml', 'LICENSE', 'README.md']) {
      expect(nupkg.has(file), file).toBe(true);
    }
  },
  install: (work, artifact) => {
    const feed = join(work, 'feed');
    mkdirSync(feed, { recursive: true });
    mkdirSync(join(work, 'home'), { recursive: true });
    copyFileSync(artifact.files.find((f) => f.file.endsWith('.nupkg'))!.path, join(feed, `Mcpkit.Schema.${SCHEMA_VERSION}.nupkg`));
    newtonsoftPackage(feed);
    const packages = join(work, 'consumer', 'packages');
    run('nuget', ['install', 'Mcpkit.Schema', '-Version', SCHEMA_VERSION, '-Source', feed, '-OutputDirectory', packages, '-NonInteractive', '-NoCache'], {
      env: env(work),
    });
    mkdirSync(bin(work), { recursive: true });
    // What a build copies next to the program: the installed assemblies.
    const library = join(bin(work), 'Mcpkit.Schema.dll');
    copyFileSync(join(packages, `Mcpkit.Schema.${SCHEMA_VERSION}`, 'lib', 'net45', 'Mcpkit.Schema.dll'), library);
    const newtonsoft = join(bin(work), 'Newtonsoft.Json.dll');
    copyFileSync(join(packages, `Newtonsoft.Json.${NEWTONSOFT_VERSION}`, 'lib', 'net45', 'Newtonsoft.Json.dll'), newtonsoft);
    const driver = join(PACKAGE_DIR, 'test', 'fixtures', 'bindings', 'csharp', 'RoundTrip.cs');
    run('mcs', ['-target:exe', `-r:${newtonsoft}`, `-out:${join(bin(work), 'RoundTrip.exe')}`, driver], { env: env(work) });
    const readme = join(PACKAGE_DIR, 'lang', 'csharp', 'examples', 'Readme.cs');
    run('mcs', ['-target:exe', `-r:${newtonsoft}`, `-r:${library}`, `-out:${join(bin(work), 'Readme.exe')}`, readme], { env: env(work) });
    return { command: 'mono', args: [join(bin(work), 'RoundTrip.exe'), library], env: env(work) };
  },
  readme: (work) => run('mono', [join(bin(work), 'Readme.exe')], { cwd: bin(work), env: env(work) }),
  // The compiler's warnings are the check the artifact build makes (-warn:4 -warnaserror+; CS1591,
  // undocumented members, aside); no C# formatter or analyzer (dotnet format) is packaged by Debian.
  lint: { 'dotnet format': { missing: 'no .NET SDK on Debian (mcs warnings at level 4 fail the artifact build instead)' } },
});
