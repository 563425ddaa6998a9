import type { Skill, SkillResource } from '@mcpkit/schema/skills';
import { SkillVerificationError } from './errors.js';

/** The per-skill limits every host supports (skills.mdx "Limits"). */
export const MAX_FILES = 512;
export const MAX_BYTES = 16 * 1024 * 1024;
const SKILL_MD = '/SKILL.md';

/** `sha256:` and the lowercase hex SHA-256 of `bytes`, with Web Crypto. */
export async function sha256Digest(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (const byte of hash) hex += byte.toString(16).padStart(2, '0');
  return `sha256:${hex}`;
}

/** Whether two JSON values are equal (objects compared key by key, whatever the order). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((v, i) => jsonEqual(v, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The skill's root (its `SKILL.md` URI without `/SKILL.md`). */
export function skillRoot(entry: Skill): string {
  return entry.uri.slice(0, -SKILL_MD.length);
}

/**
 * Checks an entry before anything of the skill is fetched: its URI ends in `/SKILL.md` after a
 * path whose last segment is `frontmatter.name`; its manifest lists `SKILL.md` and only files of
 * the skill, each once; it fits the limits. Throws a `SkillVerificationError`.
 */
export function checkEntry(entry: Skill): void {
  const fail = (reason: 'entry' | 'limits', why: string) => new SkillVerificationError(reason, entry.uri, `Skill ${entry.uri}: ${why}`);
  const scheme = entry.uri.indexOf('://');
  const path = scheme < 0 ? [] : entry.uri.slice(scheme + 3).split('/');
  if (!entry.uri.endsWith(SKILL_MD) || path.length < 2 || path.some((s) => s === '' || s === '.' || s === '..')) {
    throw fail('entry', 'its URI is not <scheme>://<skill-path>/SKILL.md');
  }
  // spec: extensions skills.mdx "Frontmatter" — the last skill-path segment equals frontmatter.name.
  if (path.at(-2) !== entry.frontmatter.name)
    throw fail('entry', `its path ends in ${JSON.stringify(path.at(-2))}, not its name ${JSON.stringify(entry.frontmatter.name)}`);
  if (entry.resources === 'dynamic') return;
  if (!Array.isArray(entry.resources)) throw fail('entry', 'it has no resources manifest');
  const root = `${skillRoot(entry)}/`;
  const seen = new Set<string>();
  let total = 0;
  for (const file of entry.resources) {
    if (seen.has(file.uri)) throw fail('entry', `its manifest lists ${file.uri} twice`);
    seen.add(file.uri);
    const rest = file.uri.startsWith(root) ? file.uri.slice(root.length).split('/') : [];
    if (rest.length === 0 || rest.some((s) => s === '' || s === '.' || s === '..')) throw fail('entry', `${file.uri} is not a file of the skill`);
    total += file.size;
  }
  if (!seen.has(entry.uri)) throw fail('entry', 'its manifest does not list its SKILL.md');
  if (entry.resources.length > MAX_FILES) throw fail('limits', `it has ${entry.resources.length} files, more than the ${MAX_FILES} a host must accept`);
  if (total > MAX_BYTES) throw fail('limits', `its files add up to ${total} bytes, more than the ${MAX_BYTES} a host must accept`);
}

/** The manifest entry of `uri`, or a `SkillVerificationError` (`unlisted`). */
export function listed(entry: Skill, uri: string): SkillResource {
  const file = Array.isArray(entry.resources) ? entry.resources.find((r) => r.uri === uri) : undefined;
  if (!file)
    throw new SkillVerificationError('unlisted', uri, `${uri} is not listed in the entry of ${entry.uri}: get the entry again to see the skill as it is now`);
  return file;
}

// spec: extensions skills.mdx "Verification on Read" — size first (a mismatch fails without hashing), then digest.
export async function checkBytes(file: SkillResource, bytes: Uint8Array): Promise<void> {
  if (bytes.length !== file.size) {
    throw new SkillVerificationError('size', file.uri, `${file.uri} is ${bytes.length} bytes, its entry says ${file.size}: the content was not used`);
  }
  const digest = await sha256Digest(bytes);
  if (digest !== file.digest)
    throw new SkillVerificationError('digest', file.uri, `${file.uri} hashes to ${digest}, its entry says ${file.digest}: the content was not used`);
}
