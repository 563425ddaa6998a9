// C#: the assembly Mcpkit.Schema.dll compiled from lang/csharp with mono-mcs in C# 6 mode against
// Newtonsoft.Json, and the NuGet package Mcpkit.Schema.<version>.nupkg around it (the nuspec of
// lang/csharp, lib/net45/ with the assembly and its XML documentation, the licence and README).
// Debian's nuget (2.8) cannot pack a nuspec with <license>, so the package is zipped here in the
// layout NuGet writes (Open Packaging Conventions: [Content_Types].xml and _rels/.rels).
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeFile, LANG_DIR, MissingToolchainError, requireTool, run, version } from './common.mjs';
import { zip } from './zip.mjs';

/** Debian's Newtonsoft.Json 6.0.8 (libnewtonsoft-json-cil-dev). */
export const NEWTONSOFT = '/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll';
/** The target framework folder of the assembly mcs builds (mono's 4.5 profile). */
export const FRAMEWORK = 'net45';
// mono picks the console encoding from the locale.
const env = { LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };

const CONTENT_TYPES = `<?xml version="1.0" encoding="utf-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
  <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml" />
  <Default Extension="nuspec" ContentType="application/octet" />
  <Default Extension="dll" ContentType="application/octet" />
  <Default Extension="xml" ContentType="application/octet" />
  <Default Extension="md" ContentType="application/octet" />
  <Override PartName="/LICENSE" ContentType="application/octet" />
</Types>
`;
const RELS = `<?xml version="1.0" encoding="utf-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  <Relationship Type="http://schemas.microsoft.com/packaging/2010/07/manifest" Target="/Mcpkit.Schema.nuspec" Id="R0" />
</Relationships>
`;

export const csharp = {
  lang: 'csharp',
  toolchain: () => {
    const mcs = requireTool('mcs', ['--version'], 'Debian: apt-get install mono-mcs');
    if (!existsSync(NEWTONSOFT)) throw new MissingToolchainError(`no ${NEWTONSOFT} (Debian: apt-get install libnewtonsoft-json-cil-dev)`);
    return mcs;
  },
  build({ out, work }) {
    const dir = join(LANG_DIR, 'csharp');
    const sources = readdirSync(dir)
      .filter((f) => f.endsWith('.cs'))
      .sort()
      .map((f) => join(dir, f));
    const dll = join(work, 'Mcpkit.Schema.dll');
    const doc = join(work, 'Mcpkit.Schema.xml');
    // C# 6 mode: what the project promises (mcs's default, C# 7, accepts it too).
    run(
      'mcs',
      ['-langversion:6', '-target:library', '-warn:4', '-warnaserror+', '-nowarn:1591', `-doc:${doc}`, `-r:${NEWTONSOFT}`, `-out:${dll}`, ...sources],
      { env },
    );
    const nuspec = readFileSync(join(dir, 'Mcpkit.Schema.nuspec'), 'utf8');
    if (!nuspec.includes(`<version>${version()}</version>`)) throw new Error(`csharp: Mcpkit.Schema.nuspec does not carry version ${version()}`);
    const lib = `lib/${FRAMEWORK}`;
    const nupkg = zip([
      ['[Content_Types].xml', CONTENT_TYPES],
      ['_rels/.rels', RELS],
      ['Mcpkit.Schema.nuspec', nuspec],
      [`${lib}/Mcpkit.Schema.dll`, readFileSync(dll)],
      [`${lib}/Mcpkit.Schema.xml`, readFileSync(doc)],
      ['LICENSE', readFileSync(join(dir, 'LICENSE'))],
      ['README.md', readFileSync(join(dir, 'README.md'))],
    ]);
    mkdirSync(join(out, lib), { recursive: true });
    const file = join(out, `Mcpkit.Schema.${version()}.nupkg`);
    writeFileSync(file, nupkg);
    copyFileSync(dll, join(out, lib, 'Mcpkit.Schema.dll'));
    return [describeFile(file, 'nupkg (NuGet)'), describeFile(join(out, lib, 'Mcpkit.Schema.dll'), `assembly (${FRAMEWORK}, mono-mcs)`)];
  },
};
