// The jar `mcpkit-schema` with Debian's kotlinc 1.3.31 and Jackson 2.14 jars (libjackson2-databind-java
// and its core and annotations; no jackson-module-kotlin): build-artifacts.mjs compiles the source set
// into the jar and writes its sources and javadoc jars and POM; a fresh consumer folder compiles the
// round-trip driver and the README example against the jar (and the Jackson jars its POM names) and
// runs them with `java`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { PACKAGE_DIR, REVISIONS } from '../helpers/spec.js';
import { readArchive } from './archive.js';
import { corpusTypes, run, typeNameTable, versionOf } from './harness.js';
import { type Artifact, bindingSuite, SCHEMA_VERSION } from './suite.js';

const sourceSet = join(PACKAGE_DIR, 'lang', 'kotlin');
const JARS = ['jackson-databind', 'jackson-core', 'jackson-annotations'].map((name) => `/usr/share/java/${name}.jar`);
// Run with `java` and Kotlin's standard library (Debian's `kotlin` runner cannot print its version).
const STDLIB = '/usr/share/java/kotlin-stdlib.jar';
const JAR = `mcpkit-schema-${SCHEMA_VERSION}.jar`;
const libs = (work: string) => join(work, 'consumer', 'libs');
const classpath = (work: string) => [join(libs(work), JAR), ...JARS, STDLIB];
// UTF-8 whatever the locale: Java 17 takes stdout's charset from it, and with none (a CI shell with no
// LANG) prints "°" as "?".
const UTF8 = ['-Dfile.encoding=UTF-8', '-Dsun.stdout.encoding=UTF-8', '-Dsun.stderr.encoding=UTF-8'];
const java = (work: string, main: string) => ({
  command: 'java',
  args: [...UTF8, '-cp', [join(work, 'consumer', 'classes'), ...classpath(work)].join(':'), main],
});
const pkg = (rev: string) => `mcp.v${rev.replaceAll('-', '')}`;
const sourceOf = (rev: string) => join(sourceSet, 'src', 'main', 'kotlin', 'mcp', `v${rev.replaceAll('-', '')}`, `Mcp${rev.replaceAll('-', '')}.kt`);
const file = (artifact: Artifact, name: string) => artifact.files.find((f) => f.file === name)!.path;

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
  pathStyle: 'names',
  toolchain: () => {
    // The JVM may warn before kotlinc prints its version line.
    const kotlinc = versionOf('kotlinc', ['-version']) && /kotlinc.*$/m.exec(spawnSync('kotlinc', ['-version'], { encoding: 'utf8' }).stderr)?.[0];
    if (!kotlinc || !versionOf('java', ['-version'])) return { missing: 'no `kotlinc`/`java` on PATH (Debian: apt-get install kotlin)' };
    const absent = [...JARS, STDLIB].filter((jar) => !existsSync(jar));
    if (absent.length) return { missing: `no ${absent.join(', ')} (Debian: apt-get install libjackson2-databind-java)` };
    return { version: kotlinc };
  },
  checkArtifact: (artifact) => {
    const jar = readArchive(file(artifact, JAR));
    expect(jar.has('META-INF/LICENSE')).toBe(true);
    expect(jar.get('META-INF/MANIFEST.MF')!.toString()).toContain(`Implementation-Version: ${SCHEMA_VERSION}`);
    for (const rev of REVISIONS) expect(jar.has(`mcp/v${rev.replaceAll('-', '')}/CallToolRequest.class`), rev).toBe(true);
    const sources = readArchive(file(artifact, `mcpkit-schema-${SCHEMA_VERSION}-sources.jar`));
    expect(sources.has('META-INF/LICENSE') && sources.has('mcp/v20260728/Mcp20260728.kt')).toBe(true);
    expect(readArchive(file(artifact, `mcpkit-schema-${SCHEMA_VERSION}-javadoc.jar`)).has('META-INF/LICENSE')).toBe(true);
    const pom = readFileSync(file(artifact, `mcpkit-schema-${SCHEMA_VERSION}.pom`), 'utf8');
    expect(pom).toMatch(new RegExp(`<artifactId>mcpkit-schema</artifactId>\\s*<version>${SCHEMA_VERSION.replaceAll('.', '\\.')}</version>`));
    expect(pom).toContain('<artifactId>jackson-databind</artifactId>');
  },
  install: (work, artifact) => {
    const consumer = join(work, 'consumer');
    mkdirSync(libs(work), { recursive: true });
    // What a build tool puts on the classpath: the jar and the dependencies its POM names.
    copyFileSync(file(artifact, JAR), join(libs(work), JAR));
    copyFileSync(join(PACKAGE_DIR, 'test', 'fixtures', 'bindings', 'kotlin', 'RoundTrip.kt'), join(consumer, 'RoundTrip.kt'));
    writeFileSync(join(consumer, 'Registry.kt'), registry());
    const sources = [join(sourceSet, 'examples', 'Readme.kt'), join(consumer, 'RoundTrip.kt'), join(consumer, 'Registry.kt')];
    run('kotlinc', ['-nowarn', '-cp', classpath(work).join(':'), '-d', join(consumer, 'classes'), ...sources], { lowPriority: true });
    if (!readdirSync(join(consumer, 'classes')).includes('RoundTripKt.class')) throw new Error('kotlinc wrote no RoundTripKt.class');
    return java(work, 'RoundTripKt');
  },
  readme: (work) => {
    const { command, args } = java(work, 'ReadmeKt');
    return run(command, args);
  },
  lint: { ktlint: { missing: 'no Kotlin formatter or linter is packaged by Debian (ktlint, detekt)' } },
});
