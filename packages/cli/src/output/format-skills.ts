import type { Skill } from '@mcpkit/schema/skills';
import type { Style } from './style.js';

/**
 * Human views of skill entries: the name first, its description, then where it is and what it
 * holds (files and bytes, or "dynamic" when the server publishes no digests).
 */

function files(skill: Skill): string {
  if (skill.resources === 'dynamic') return 'dynamic content (no digests)';
  const bytes = skill.resources.reduce((sum, file) => sum + file.size, 0);
  return `${skill.resources.length} file${skill.resources.length === 1 ? '' : 's'}, ${bytes} bytes`;
}

function heading(skill: Skill, style: Style): string {
  return `${style.bold(skill.frontmatter.name)} ${style.dim('—')} ${skill.frontmatter.description.trim().split('\n')[0]}`;
}

/** `skills list`. */
export function formatSkills(skills: readonly Skill[], style: Style): string {
  if (skills.length === 0) return style.dim('(no skills listed; a server may still serve skills by URI)');
  return skills.map((skill) => `${heading(skill, style)}\n  ${style.dim(`${skill.uri} · ${files(skill)}`)}`).join('\n');
}

/** `skills get`: the entry, its files, then the verified SKILL.md. */
export function formatSkill(skill: Skill, text: string, style: Style): string {
  const lines = [heading(skill, style), `  ${style.dim(`${skill.uri} · ${files(skill)}`)}`];
  if (skill.resources !== 'dynamic')
    for (const file of skill.resources) lines.push(`  ${file.uri} ${style.dim(`${file.size} B ${file.digest.slice(0, 19)}…`)}`);
  lines.push('', text.trimEnd());
  return lines.join('\n');
}
