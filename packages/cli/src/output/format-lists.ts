import type { Prompt, Resource, ResourceTemplate, Tool } from '@mcpkit/schema';
import type { Style } from './style.js';

/**
 * Human views of the four lists: one entry per item, its name first (what a user types next),
 * then its title and description, and the arguments it takes (`*` = required).
 */

function heading(name: string, title: string | undefined, description: string | undefined, style: Style): string {
  const label = title && title !== name ? ` ${style.dim(`(${title})`)}` : '';
  return `${style.bold(name)}${label}${description ? ` ${style.dim('—')} ${firstLine(description)}` : ''}`;
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

function schemaType(schema: unknown): string {
  if (schema === null || typeof schema !== 'object') return 'any';
  const s = schema as { type?: unknown; enum?: unknown[]; items?: unknown };
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join('|');
  if (Array.isArray(s.type)) return s.type.join('|');
  if (s.type === 'array') return `${schemaType(s.items)}[]`;
  return typeof s.type === 'string' ? s.type : 'any';
}

/** The arguments of an input schema: `text* string, count integer`. */
export function describeArguments(inputSchema: Tool['inputSchema']): string {
  const properties = (inputSchema.properties ?? {}) as Record<string, unknown>;
  const required = new Set<string>(Array.isArray(inputSchema.required) ? (inputSchema.required as string[]) : []);
  return Object.entries(properties)
    .map(([name, schema]) => `${name}${required.has(name) ? '*' : ''} ${schemaType(schema)}`)
    .join(', ');
}

/** `tools list`. */
export function formatTools(tools: readonly Tool[], style: Style): string {
  if (tools.length === 0) return style.dim('(no tools)');
  return tools
    .map((tool) => {
      const args = describeArguments(tool.inputSchema);
      return `${heading(tool.name, tool.title ?? tool.annotations?.title, tool.description, style)}${args ? `\n  ${style.dim('args:')} ${args}` : ''}`;
    })
    .join('\n');
}

/** `resources list`. */
export function formatResources(resources: readonly Resource[], style: Style): string {
  if (resources.length === 0) return style.dim('(no resources)');
  return resources
    .map((r) => `${style.cyan(r.uri)}  ${heading(r.name, r.title, r.description, style)}${r.mimeType ? ` ${style.dim(`[${r.mimeType}]`)}` : ''}`)
    .join('\n');
}

/** `templates list`. */
export function formatTemplates(templates: readonly ResourceTemplate[], style: Style): string {
  if (templates.length === 0) return style.dim('(no resource templates)');
  return templates
    .map((t) => `${style.cyan(t.uriTemplate)}  ${heading(t.name, t.title, t.description, style)}${t.mimeType ? ` ${style.dim(`[${t.mimeType}]`)}` : ''}`)
    .join('\n');
}

/** `prompts list`. */
export function formatPrompts(prompts: readonly Prompt[], style: Style): string {
  if (prompts.length === 0) return style.dim('(no prompts)');
  return prompts
    .map((p) => {
      const args = (p.arguments ?? []).map((a) => `${a.name}${a.required ? '*' : ''}`).join(', ');
      return `${heading(p.name, p.title, p.description, style)}${args ? `\n  ${style.dim('args:')} ${args}` : ''}`;
    })
    .join('\n');
}
