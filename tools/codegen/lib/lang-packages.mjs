// The package around each binding: manifest, README, the hand-written helpers the post-processed
// code calls, and the README's example program. They come from `tools/codegen/templates/<lang>/`
// with `{{version}}` (the version of @mcpkit/schema, so every manifest carries one version),
// `{{goModule}}`, and `{{example:<path>}}` (another template of the same language, so a README
// shows exactly the program the tests run). Cheap to render: `--check` always compares them in full.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GO_MODULE } from './lang/go.mjs';
import { out, PACKAGE_DIR } from './paths.mjs';

/** The templates folder. */
export const TEMPLATES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'templates');

/** The version every binding manifest carries: the one in packages/schema/package.json. */
export function schemaVersion(root = join(PACKAGE_DIR, '..', '..')) {
  return JSON.parse(readFileSync(join(root, 'packages', 'schema', 'package.json'), 'utf8')).version;
}

function listTemplates(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name)).split(sep).join('/'))
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

/** Every package file of every language, as a Map of repo-relative path → text. */
export function packageFiles({ version }) {
  const variables = { version, goModule: GO_MODULE };
  const files = new Map();
  for (const lang of readdirSync(TEMPLATES_DIR).sort()) {
    for (const path of listTemplates(join(TEMPLATES_DIR, lang))) {
      // Templates are stored under names their own toolchains ignore (`go.mod.tmpl` would otherwise make the templates folder a Go module).
      const target = path.replace(/\.tmpl$/, '');
      files.set(`${out.langDir}/${lang}/${target}`, render(lang, path, variables));
    }
  }
  return files;
}
