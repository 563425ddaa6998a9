// The source set `lang/kotlin` with Debian's kotlinc 1.3.31 and Jackson 2.14 jars
// (libjackson2-databind-java and its core/annotations; no jackson-module-kotlin): both revisions,
// the README example and the round-trip driver compiled in one kotlinc run, then run with `kotlin`.
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_DIR, REVISIONS } from '../helpers/spec.js';
import { corpusTypes, run, typeNameTable, versionOf } from './harness.js';
import { bindingSuite } from './suite.js';

const sourceSet = join(PACKAGE_DIR, 'lang', 'kotlin');
const JARS = ['jackson-databind', 'jackson-core', 'jackson-annotations'].map((name) => `/usr/share/java/${name}.jar`);
// Run with `java` and Kotlin's standard library (Debian's `kotlin` runner cannot print its version).
const STDLIB = '/usr/share/java/kotlin-stdlib.jar';
const java = (work: string, main: string) => ({ command: 'java', args: ['-cp', [join(work, 'classes'), ...JARS, STDLIB].join(':'), main] });
const pkg = (rev: string) => `mcp.v${rev.replaceAll('-', '')}`;
const sourceOf = (rev: string) => join(sourceSet, 'src', 'main', 'kotlin', 'mcp', `v${rev.replaceAll('-', '')}`, `Mcp${rev.replaceAll('-', '')}.kt`);

function registry(): string {
  const lines = ['import com.fasterxml.jackson.core.type.TypeReference', '', 'val registry: Map<String, (String) -> String> = mapOf('];
  for (const rev of REVISIONS) {
    const declared = [...readFileSync(sourceOf(rev), 'utf8').matchAll(/^(?:data class|class|sealed class|enum class|typealias) (\w+)/gm)].map((m) => m[1]!);
    for (const [def, name] of typeNameTable(corpusTypes(rev), declared)) {
      const type = `${pkg(rev)}.${name}`;
      lines.push(
        `    "${rev}\\t${def}" to { json: String -> ${pkg(rev)}.mapper.writeValueAsString(${pkg(rev)}.mapper.readValue(json, object : TypeReference<${type}>() {})) },`,
      );
    }
  }
  lines.push(')', '');
  return lines.join('\n').replace(/,\n\)\n$/, '\n)\n');
}

bindingSuite({
  lang: 'kotlin',
  toolchain: () => {
    const kotlinc = versionOf('kotlinc', ['-version']);
    if (!kotlinc || !versionOf('java', ['-version'])) return { missing: 'no `kotlinc`/`java` on PATH (Debian: apt-get install kotlin)' };
    const absent = [...JARS, STDLIB].filter((jar) => !existsSync(jar));
    if (absent.length) return { missing: `no ${absent.join(', ')} (Debian: apt-get install libjackson2-databind-java)` };
    return { version: kotlinc.replace(/^.*?(kotlinc)/, '$1') };
  },
  build: (work) => {
    copyFileSync(join(PACKAGE_DIR, 'test', 'fixtures', 'bindings', 'kotlin', 'RoundTrip.kt'), join(work, 'RoundTrip.kt'));
    writeFileSync(join(work, 'Registry.kt'), registry());
    const sources = [...REVISIONS.map(sourceOf), join(sourceSet, 'examples', 'Readme.kt'), join(work, 'RoundTrip.kt'), join(work, 'Registry.kt')];
    run('kotlinc', ['-nowarn', '-cp', JARS.join(':'), '-d', join(work, 'classes'), ...sources], { lowPriority: true });
    if (!readdirSync(join(work, 'classes')).includes('RoundTripKt.class')) throw new Error('kotlinc wrote no RoundTripKt.class');
    return java(work, 'RoundTripKt');
  },
  readme: (work) => {
    const { command, args } = java(work, 'ReadmeKt');
    return run(command, args);
  },
});
