// Which `exports` subpaths of a package are module entries (what Node and TypeScript resolve), and
// their specifiers. One rule for the tarball checks (tools/runtimes/tarballs.ts), the rehearsal
// (tools/release/rehearse.mjs) and the declaration consumers (tools/declarations/consumers.test.ts).

/**
 * A `*.bundle.js` export is a file a web page loads as it is (`<script type="module">`; the browser
 * tests of its package run it). It has no types and no CJS form on purpose, so attw, the import
 * checks and the TypeScript consumers leave it out; publint still checks that the file is there.
 */
export const isPageFile = (subpath) => subpath.endsWith('.bundle.js');

/** The import specifier of an `exports` subpath of package `name`: `.` is the name itself. */
export const specifierOf = (name, subpath) => (subpath === '.' ? name : `${name}/${subpath.replace(/^\.\//, '')}`);

/** The subpaths of an `exports` field (a string or a condition object means `.` alone). */
export function subpathsOf(exportsField) {
  if (exportsField === undefined) return ['.'];
  if (typeof exportsField === 'string' || !Object.keys(exportsField).some((key) => key.startsWith('.'))) return ['.'];
  return Object.keys(exportsField);
}

/**
 * The specifiers of a package's module entries: every `exports` subpath but package.json and page
 * files; JSON files only with `json: true`, `internal` subpaths only with `internal: true`.
 */
export function moduleEntries(name, exportsField, { json = true, internal = true } = {}) {
  return subpathsOf(exportsField)
    .filter((key) => key !== './package.json' && !isPageFile(key))
    .filter((key) => json || !key.endsWith('.json'))
    .filter((key) => internal || !/(^|\/)internal(\/|$)/.test(key))
    .map((key) => specifierOf(name, key));
}

/** The page files of an `exports` field, as subpaths (`./web.bundle.js`). */
export const pageFilesOf = (exportsField) => subpathsOf(exportsField).filter(isPageFile);
