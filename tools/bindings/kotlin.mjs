// Kotlin/JVM: the jar of lang/kotlin's source set compiled with kotlinc against Jackson, and what
// Maven Central takes with it: the sources jar, a javadoc jar (no Dokka here: it holds the README)
// and the POM of lang/kotlin (coordinates, licence, dependencies). Each jar has the licence in
// META-INF/LICENSE; the jars are zipped here so their bytes do not depend on the time of the build.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describeFile, LANG_DIR, MissingToolchainError, requireTool, run, version } from './common.mjs';
import { zip } from './zip.mjs';

/** Debian's Jackson 2.14 jars (libjackson2-databind-java and its core and annotations). */
export const JACKSON = ['jackson-databind', 'jackson-core', 'jackson-annotations'].map((name) => `/usr/share/java/${name}.jar`);
/** Kotlin's standard library, which the jar needs at run time. */
export const KOTLIN_STDLIB = '/usr/share/java/kotlin-stdlib.jar';
export const ARTIFACT = 'mcpkit-schema';

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      relative(dir, join(entry.parentPath ?? entry.path, entry.name))
        .split(sep)
        .join('/'),
    )
    .sort();
}

const manifest = (title) => `Manifest-Version: 1.0\nImplementation-Title: ${title}\nImplementation-Version: ${version()}\n\n`;

export const kotlin = {
  lang: 'kotlin',
  toolchain: () => {
    // The JVM may warn before kotlinc prints its version.
    const kotlinc = requireTool('kotlinc', ['-version'], 'Debian: apt-get install kotlin', /kotlinc/);
    const absent = [...JACKSON, KOTLIN_STDLIB].filter((jar) => !existsSync(jar));
    if (absent.length) throw new MissingToolchainError(`no ${absent.join(', ')} (Debian: apt-get install libjackson2-databind-java kotlin)`);
    return kotlinc.replace(/^.*?(kotlinc)/, '$1');
  },
  build({ out, work }) {
    const dir = join(LANG_DIR, 'kotlin');
    const sourceRoot = join(dir, 'src', 'main', 'kotlin');
    const sources = filesUnder(sourceRoot).filter((f) => f.endsWith('.kt'));
    const classes = join(work, 'classes');
    run('kotlinc', ['-nowarn', '-module-name', ARTIFACT, '-cp', JACKSON.join(':'), '-d', classes, ...sources.map((f) => join(sourceRoot, f))]);
    const license = readFileSync(join(dir, 'LICENSE'));
    const pom = readFileSync(join(dir, 'pom.xml'), 'utf8');
    if (!pom.includes(`<version>${version()}</version>`)) throw new Error(`kotlin: pom.xml does not carry version ${version()}`);
    const base = `${ARTIFACT}-${version()}`;
    const jar = (entries, title) => zip([['META-INF/MANIFEST.MF', manifest(title)], ['META-INF/LICENSE', license], ...entries]);
    mkdirSync(out, { recursive: true });
    writeFileSync(
      join(out, `${base}.jar`),
      jar(
        filesUnder(classes).map((f) => [f, readFileSync(join(classes, f))]),
        ARTIFACT,
      ),
    );
    writeFileSync(
      join(out, `${base}-sources.jar`),
      jar(
        sources.map((f) => [f, readFileSync(join(sourceRoot, f))]),
        `${ARTIFACT} sources`,
      ),
    );
    writeFileSync(join(out, `${base}-javadoc.jar`), jar([['README.md', readFileSync(join(dir, 'README.md'))]], `${ARTIFACT} documentation`));
    copyFileSync(join(dir, 'pom.xml'), join(out, `${base}.pom`));
    return [
      describeFile(join(out, `${base}.jar`), 'jar (Maven Central)'),
      describeFile(join(out, `${base}-sources.jar`), 'sources jar'),
      describeFile(join(out, `${base}-javadoc.jar`), 'javadoc jar (the README)'),
      describeFile(join(out, `${base}.pom`), 'POM'),
    ];
  },
};
