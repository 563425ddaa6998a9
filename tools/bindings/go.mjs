// Go: the module zip of lang/go, in the layout of a module proxy (`<module>/@v/list`, `.info`, `.mod`,
// `.zip`), so a consumer builds against the file with GOPROXY=file://<out>/go. The real publication is
// a tag: the Go proxy serves the module from `packages/schema/lang/go/v<version>` of the repository.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { GO_MODULE } from '../codegen/lib/lang/go.mjs';
import { describeFile, LANG_DIR, requireTool, version } from './common.mjs';
import { zip } from './zip.mjs';

/** A module path as the proxy protocol spells it in URLs and folders (capitals as `!` + lower case). */
export const escapeModulePath = (path) => path.replace(/[A-Z]/g, (c) => `!${c.toLowerCase()}`);

/** The files of the module (repository-relative to lang/go), sorted; build outputs left out. */
function moduleFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      relative(dir, join(entry.parentPath ?? entry.path, entry.name))
        .split(sep)
        .join('/'),
    )
    .filter((path) => !path.split('/').some((part) => part === 'vendor' || part.startsWith('.')))
    .sort();
}

/** The release time the proxy's .info reports: SOURCE_DATE_EPOCH, else 1980-01-01. */
const releaseTime = () => new Date(Math.max(Number(process.env.SOURCE_DATE_EPOCH ?? 0), 315532800) * 1000);

export const go = {
  lang: 'go',
  // Nothing is compiled to build the zip; the toolchain is checked so a broken module fails here.
  toolchain: () => requireTool('go', ['version'], 'Debian: apt-get install golang-go'),
  build({ out }) {
    const dir = join(LANG_DIR, 'go');
    const goMod = readFileSync(join(dir, 'go.mod'), 'utf8');
    if (!goMod.startsWith(`module ${GO_MODULE}\n`)) throw new Error(`go: lang/go/go.mod does not declare module ${GO_MODULE}`);
    const tag = `v${version()}`;
    const prefix = `${GO_MODULE}@${tag}/`;
    const files = moduleFiles(dir);
    if (!files.includes('LICENSE')) throw new Error('go: lang/go has no LICENSE');
    const at = join(out, ...escapeModulePath(GO_MODULE).split('/'), '@v');
    mkdirSync(at, { recursive: true });
    writeFileSync(join(at, 'list'), `${tag}\n`);
    writeFileSync(join(at, `${tag}.info`), `${JSON.stringify({ Version: tag, Time: releaseTime().toISOString().replace('.000', '') })}\n`);
    writeFileSync(join(at, `${tag}.mod`), goMod);
    writeFileSync(
      join(at, `${tag}.zip`),
      zip(
        files.map((path) => [prefix + path, readFileSync(join(dir, path))]),
        releaseTime(),
      ),
    );
    return [describeFile(join(at, `${tag}.zip`), `module zip (Go proxy layout under ${relative(out, at).split(sep).join('/')})`)];
  },
};
