// The project `lang/csharp` with Debian's mono-mcs 6.8 and Newtonsoft.Json 6.0.8
// (libnewtonsoft-json-cil-dev): both files compiled as a library in C# 6 mode, as a user's build
// would reference it, then the round-trip driver and the README example compiled against it and
// run with mono.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_DIR } from '../helpers/spec.js';
import { run, versionOf } from './harness.js';
import { bindingSuite } from './suite.js';

const projectDir = join(PACKAGE_DIR, 'lang', 'csharp');
const NEWTONSOFT = '/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll';
// mono picks the console encoding from the locale; the outputs hold non-ASCII text.
const env = { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };

bindingSuite({
  lang: 'csharp',
  toolchain: () => {
    const mcs = versionOf('mcs', ['--version']);
    if (!mcs || !versionOf('mono', ['--version'])) return { missing: 'no `mcs`/`mono` on PATH (Debian: apt-get install mono-mcs)' };
    if (!existsSync(NEWTONSOFT)) return { missing: `no ${NEWTONSOFT} (Debian: apt-get install libnewtonsoft-json-cil-dev)` };
    return { version: mcs };
  },
  build: (work) => {
    const sources = readdirSync(projectDir)
      .filter((f) => f.endsWith('.cs'))
      .map((f) => join(projectDir, f));
    const library = join(work, 'Mcpkit.Schema.dll');
    // C# 6 mode: what the project promises; mcs's default (C# 7) accepts it too.
    run('mcs', ['-langversion:6', '-target:library', '-nowarn:1591', `-r:${NEWTONSOFT}`, `-out:${library}`, ...sources], { env, lowPriority: true });
    const driver = join(PACKAGE_DIR, 'test', 'fixtures', 'bindings', 'csharp', 'RoundTrip.cs');
    run('mcs', ['-target:exe', `-r:${NEWTONSOFT}`, `-out:${join(work, 'RoundTrip.exe')}`, driver], { env });
    run('mcs', ['-target:exe', `-r:${NEWTONSOFT}`, `-r:${library}`, `-out:${join(work, 'Readme.exe')}`, join(projectDir, 'examples', 'Readme.cs')], { env });
    return { command: 'mono', args: [join(work, 'RoundTrip.exe'), library], env };
  },
  readme: (work) => run('mono', [join(work, 'Readme.exe')], { cwd: work, env }),
});
