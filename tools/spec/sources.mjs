// Where each part of vendor/spec comes from: the upstream repository and the path mapping that
// vendor/spec/SOURCE.md documents. refresh.mjs applies it; a rule whose `from` ends in `/` maps a
// folder (files with the given extension, `except` names relative to that folder), any other rule
// one file that upstream must have.

/** @typedef {{ from: string, to: string, ext?: string, except?: string[] }} Rule */
/** @typedef {{ repository: string, owns: string[], rules: Rule[] }} Source */

/** @type {Record<string, Source>} */
export const SOURCES = {
  spec: {
    repository: 'https://github.com/modelcontextprotocol/modelcontextprotocol',
    // What a refresh of this source replaces (and so removes when upstream no longer has it).
    owns: ['2026-07-28', '2025-11-25', 'LICENSE'],
    rules: [
      { from: 'schema/2026-07-28/schema.json', to: '2026-07-28/schema.json' },
      { from: 'schema/2026-07-28/examples/', to: '2026-07-28/examples/', ext: '.json' },
      { from: 'docs/specification/2026-07-28/', to: '2026-07-28/pages/', ext: '.mdx', except: ['schema.mdx'] },
      { from: 'schema/2025-11-25/schema.json', to: '2025-11-25/schema.json' },
      { from: 'docs/specification/2025-11-25/', to: '2025-11-25/pages/', ext: '.mdx', except: ['schema.mdx'] },
      { from: 'LICENSE', to: 'LICENSE' },
    ],
  },
  'ext-tasks': {
    repository: 'https://github.com/modelcontextprotocol/ext-tasks',
    owns: ['extensions/tasks'],
    rules: [
      { from: 'specification/draft/tasks.md', to: 'extensions/tasks/tasks.md' },
      { from: 'schema/draft/schema.json', to: 'extensions/tasks/schema.json' },
      { from: 'LICENSE', to: 'extensions/tasks/LICENSE' },
    ],
  },
};

/**
 * The files a source takes from an upstream tree: `[{ from, to }]` for the paths `listed` (every
 * file of the commit). Throws when a single-file rule finds nothing or a folder rule matches no file.
 */
export function mapFiles(source, listed) {
  const present = new Set(listed);
  const out = [];
  for (const rule of source.rules) {
    if (!rule.from.endsWith('/')) {
      if (!present.has(rule.from)) throw new Error(`upstream has no ${rule.from}`);
      out.push({ from: rule.from, to: rule.to });
      continue;
    }
    const matched = listed
      .filter((file) => file.startsWith(rule.from) && (!rule.ext || file.endsWith(rule.ext)))
      .map((file) => file.slice(rule.from.length))
      .filter((rest) => !(rule.except ?? []).includes(rest))
      .sort();
    if (matched.length === 0) throw new Error(`upstream has no ${rule.ext ?? ''} file under ${rule.from}`);
    for (const rest of matched) out.push({ from: rule.from + rest, to: rule.to + rest });
  }
  return out;
}
