import type { SkillSource, SkillSourceEntry } from './source.js';

type Node = { kind: 'file'; bytes: Uint8Array } | { kind: 'directory'; children: Map<string, Node> };

const encoder = new TextEncoder();

function splitPath(path: string): string[] {
  const segments = path.split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..' || segment.includes('\\') || segment.includes('\0')) {
      throw new TypeError(`memorySkillSource: ${JSON.stringify(path)} is not a relative path of plain segments`);
    }
  }
  return segments;
}

/**
 * A skill source held in memory, for servers without a file system (Workers) and for tests: file
 * contents by path relative to the root, as text (stored as UTF-8) or bytes. The files are copied
 * once; the source never changes afterwards.
 *
 * @example
 * const source = memorySkillSource({
 *   'git-workflow/SKILL.md': '---\nname: git-workflow\ndescription: Branch and commit the team way\n---\n\n# Git workflow\n',
 *   'git-workflow/references/COMMITS.md': '# Commit messages\n',
 * });
 */
export function memorySkillSource(files: Readonly<Record<string, string | Uint8Array>>): SkillSource {
  const root: Node = { kind: 'directory', children: new Map() };
  for (const [path, content] of Object.entries(files)) {
    const segments = splitPath(path);
    let dir = root;
    segments.forEach((segment, i) => {
      const last = i === segments.length - 1;
      const existing = dir.children.get(segment);
      if (last) {
        if (existing) throw new TypeError(`memorySkillSource: ${JSON.stringify(path)} is given twice or is also a directory`);
        dir.children.set(segment, { kind: 'file', bytes: typeof content === 'string' ? encoder.encode(content) : content.slice() });
        return;
      }
      if (existing?.kind === 'file') throw new TypeError(`memorySkillSource: ${JSON.stringify(segments.slice(0, i + 1).join('/'))} is a file and a directory`);
      if (existing) dir = existing;
      else {
        const child: Node = { kind: 'directory', children: new Map() };
        dir.children.set(segment, child);
        dir = child;
      }
    });
  }
  const find = (path: string): Node | undefined => {
    if (path === '') return root;
    let node: Node | undefined = root;
    for (const segment of path.split('/')) {
      if (node?.kind !== 'directory') return undefined;
      node = node.children.get(segment);
    }
    return node;
  };
  return {
    async list(path) {
      const node = find(path);
      if (node?.kind !== 'directory') return undefined;
      // The content never changes, so one version token serves every file.
      return [...node.children].map(([name, child]): SkillSourceEntry => ({ name, kind: child.kind, version: 'memory' }));
    },
    async read(path, maxBytes) {
      const node = find(path);
      if (node?.kind !== 'file') return undefined;
      return node.bytes.length > maxBytes ? node.bytes.subarray(0, maxBytes + 1) : node.bytes;
    },
  };
}
