import { parse } from 'yaml';

/** Why a `SKILL.md` has no usable frontmatter. */
export class FrontmatterError extends Error {}

// The frontmatter is a YAML block between two `---` lines at the very start of the file.
const BLOCK = /^---\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

function isJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value === 'object') return Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every(isJson);
  return false;
}

/**
 * The frontmatter of a `SKILL.md` as a JSON object (skills.mdx "Frontmatter": verbatim, every field
 * the author wrote), with `name` and `description` strings. YAML 1.2 core schema: dates stay strings.
 * Throws a `FrontmatterError` saying what is wrong.
 */
export function parseFrontmatter(text: string): Record<string, unknown> & { name: string; description: string } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const block = BLOCK.exec(body);
  if (!block) throw new FrontmatterError('SKILL.md does not begin with a --- delimited YAML frontmatter block');
  let value: unknown;
  try {
    value = parse(block[1] ?? '', { schema: 'core', uniqueKeys: true, maxAliasCount: 100 });
  } catch (error) {
    throw new FrontmatterError(`its frontmatter is not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new FrontmatterError('its frontmatter is not a YAML mapping');
  if (!isJson(value)) throw new FrontmatterError('its frontmatter holds values JSON cannot carry (non-string keys, infinities, NaN)');
  const fields = value as Record<string, unknown>;
  if (typeof fields.name !== 'string' || fields.name === '') throw new FrontmatterError('its frontmatter has no name');
  if (typeof fields.description !== 'string' || fields.description === '') throw new FrontmatterError('its frontmatter has no description');
  return fields as Record<string, unknown> & { name: string; description: string };
}
