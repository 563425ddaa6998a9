/** The URI scheme skills are served under (skills.mdx "Resource Mapping"). */
export const SKILL_SCHEME = 'skill://';
/** The file every skill has at its root. */
export const SKILL_MD = 'SKILL.md';

// spec: extensions skills.mdx "Resource Mapping" — the skill name follows the Agent Skills naming
// rules: 1-64 characters, lowercase letters, digits and hyphens, no leading, trailing or double hyphen.
const SKILL_NAME = /^(?!.*--)[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
// RFC 3986 unreserved and sub-delims (no percent-encoding): what a path segment may be as it is.
const URI_SEGMENT = /^[A-Za-z0-9\-._~!$&'()*+,;=@:]+$/;

/** Whether `name` satisfies the Agent Skills naming rules. */
export function isSkillName(name: string): boolean {
  return SKILL_NAME.test(name);
}

/** Whether `segment` may appear in a served path: plain URI characters, not `.` or `..`. */
export function isPathSegment(segment: string): boolean {
  return segment !== '.' && segment !== '..' && URI_SEGMENT.test(segment);
}

/** Whether a source entry is served: hidden entries (`.git`, `.DS_Store`) and unaddressable names are not. */
export function isServedName(name: string): boolean {
  return !name.startsWith('.') && isPathSegment(name);
}

/** The `skill://` URI of a path relative to the source root. */
export function uriOf(path: string): string {
  return SKILL_SCHEME + path;
}

/**
 * The source path a `skill://` URI names, or `undefined` when it is not one this server could serve
 * (another scheme, a query or fragment, a trailing slash, `.`/`..` or encoded segments, a hidden
 * segment anywhere, the last one included): such a URI never reaches the source, so no request can
 * name a file outside the skills' directory, nor list or read inside `.git`.
 */
export function pathOf(uri: string): string | undefined {
  if (!uri.startsWith(SKILL_SCHEME)) return undefined;
  const path = uri.slice(SKILL_SCHEME.length);
  if (path === '') return undefined;
  return path.split('/').every(isServedName) ? path : undefined;
}

/** The directory part of a path (`''` for a top-level name). */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** The last segment of a path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function join(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}
