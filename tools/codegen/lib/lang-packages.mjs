// The package around each binding: manifest, README, the hand-written helpers the post-processed
// code calls, and the README's example program. They come from `tools/codegen/templates/<lang>/`
// with `{{version}}` (the version of @mcpkit/schema, so every manifest carries one version),
// `{{goModule}}`, and `{{example:<path>}}` (another template of the same language, so a README
// shows exactly the program the tests run). Cheap to render: `--check` always compares them in full.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GO_MODULE } from './lang/go.mjs';
import { repository } from './repository.mjs';
import { LANGUAGES } from './lang/index.mjs';
import { BUILD_ARTEFACTS } from './outputs.mjs';
import { out, PACKAGE_DIR, REVISIONS } from './paths.mjs';

/** The templates folder. */
export const TEMPLATES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'templates');

/** The version every binding manifest carries: the one in packages/schema/package.json. */
export function schemaVersion(root = join(PACKAGE_DIR, '..', '..')) {
  return JSON.parse(readFileSync(join(root, 'packages', 'schema', 'package.json'), 'utf8')).version;
}

function listTemplates(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      relative(dir, join(entry.parentPath ?? entry.path, entry.name))
        .split(sep)
        .join('/'),
    )
    .sort();
}

function render(lang, path, variables, seen = []) {
  if (seen.includes(path)) throw new Error(`codegen: template ${lang}/${path} includes itself`);
  const text = readFileSync(join(TEMPLATES_DIR, lang, path), 'utf8');
  return text.replace(/\{\{([a-zA-Z]+)(?::([^}\s]+))?\}\}/g, (whole, name, arg) => {
    if (name === 'example') return render(lang, arg, variables, [...seen, path]).replace(/\n$/, '');
    if (!(name in variables)) throw new Error(`codegen: template ${lang}/${path} uses unknown ${whole}`);
    return variables[name];
  });
}

/**
 * Templates rendered outside `lang/<language>/`: SwiftPM reads a package added by its repository URL
 * from Package.swift at the repository root only.
 */
export const ROOT_FILES = { 'swift/Package.swift': 'Package.swift' };

/** Every package file of every language, as a Map of repo-relative path → text. */
export function packageFiles({ version }) {
  const variables = { version, goModule: GO_MODULE, repository: repository().url };
  const license = readFileSync(join(PACKAGE_DIR, 'LICENSE'), 'utf8');
  const files = new Map();
  // Every binding folder has the licence of @mcpkit/schema (each artifact carries the file).
  for (const { lang } of LANGUAGES) files.set(`${out.langDir}/${lang}/LICENSE`, license);
  for (const lang of readdirSync(TEMPLATES_DIR).sort()) {
    for (const path of listTemplates(join(TEMPLATES_DIR, lang))) {
      // Templates are stored under names their own toolchains ignore (`go.mod.tmpl` would otherwise make the templates folder a Go module).
      const target = ROOT_FILES[`${lang}/${path}`] ?? `${out.langDir}/${lang}/${path.replace(/\.tmpl$/, '')}`;
      files.set(target, render(lang, path, variables));
    }
  }
  return files;
}

/**
 * The package files around the bindings (manifests with `version`, READMEs, helpers, examples)
 * and the index of `lang/`. Milliseconds to render, so `--check` never caches them.
 */
export function generatePackages({ version }) {
  const files = packageFiles({ version });
  files.set(`${out.langDir}/README.md`, langReadme());
  files.set(
    `${out.langDir}/.gitignore`,
    `# What each language's tools write when a binding is built in place.\n${[...BUILD_ARTEFACTS.map((name) => `${name}${name.includes('.') && !name.startsWith('.') ? '' : '/'}`), '*.egg-info/'].join('\n')}\n`,
  );
  return files;
}

const PACKAGES = {
  python: [
    '`python/` (`pyproject.toml`, own PEP 517 backend, `py.typed`)',
    'wheel + sdist → PyPI',
    'CPython 3.11 under `-O` (standard library only), compileall, mypy',
  ],
  go: ['`go/` (`go.mod`)', 'module zip; Go proxy via the tag `packages/schema/lang/go/v<version>`', 'Go 1.19, gofmt, go vet'],
  rust: ['`rust/` (`Cargo.toml`, serde + serde_json)', '`.crate` → crates.io', "rustc 1.95, Debian's serde 1.0.152 / serde_json 1.0.87, rustfmt, clippy"],
  csharp: [
    '`csharp/` (`Mcpkit.Schema.nuspec`, `.csproj`, Newtonsoft.Json)',
    'assembly + nupkg → NuGet',
    'mono-mcs 6.8 (`-langversion:6`, warnings as errors), Newtonsoft.Json 6.0.8, nuget 2.8',
  ],
  kotlin: [
    '`kotlin/` (`pom.xml`, `build.gradle.kts`, source set `src/main/kotlin`, Jackson)',
    'jar + sources/javadoc jars + POM → Maven Central',
    'kotlinc 1.3.31, Jackson 2.14 (no jackson-module-kotlin)',
  ],
  swift: ['`swift/` (sources; `Package.swift` at the repository root)', 'none: SwiftPM reads the repository tag', '**unchecked**: no Swift compiler here'],
  typescript: ['`typescript/` (plain interfaces; the npm package is the TypeScript binding)', 'none (the npm package)', 'tsc --strict'],
};

function langReadme() {
  const rows = LANGUAGES.map(({ lang, file }) => {
    const [where, artifact, checked] = PACKAGES[lang];
    return `| ${lang} | ${where} | ${REVISIONS.map((rev) => `\`${file(rev)}\``).join(', ')} | ${artifact} | ${checked} |`;
  });
  return [
    '# MCP bindings for other languages',
    '',
    'Generated by `tools/codegen` with quicktype from `../json/<revision>.schema.json`, then post-processed',
    'so that decoding and encoding loses nothing; do not edit (`pnpm codegen` regenerates them). Each folder',
    "is a package in its own ecosystem's layout, versioned with `@mcpkit/schema` (every manifest carries its",
    'version) and carrying its licence, with a README saying how it is installed and published and showing',
    'how to decode and encode a `tools/call` request and a `CallToolResult`. The recursive `JSONValue`,',
    '`JSONObject` and `JSONArray` types appear as "any JSON" in every language.',
    '',
    '`node tools/bindings/build-artifacts.mjs --out DIR` builds every artifact into `DIR/<language>/`',
    '(`DIR/artifacts.json` lists them with their SHA-256); the release runs it.',
    '',
    '| language | package | files | artifact → registry | checked by `pnpm test` with |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    'The tests (`packages/schema/test/bindings/`) build each artifact with that command, install it from',
    'the file into a fresh consumer project, decode every official example into the type its folder names,',
    'encode it again, and require equal JSON that the official schema accepts; probes check that unknown',
    'members, `_meta` extension keys, `null`s inside free-form JSON and empty objects are kept. Decoding',
    'is strict in every checked language: a missing required member, a wrong type and an unknown',
    '`resultType` are refused with an error naming the member.',
    '',
  ].join('\n');
}
