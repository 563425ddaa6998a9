// The TypeScript blocks of the READMEs: every fenced block whose info string starts with `ts` or
// `typescript`, with the words after it as flags (`fragment`: an excerpt that cannot compile alone).
import { readFileSync } from 'node:fs';

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^`\s]*)\s*(.*)$/;

/** The blocks of one markdown file: `{ file, line, lang, flags, code }`, `line` 1-based of the first code line. */
export function tsBlocks(file, text = readFileSync(file, 'utf8')) {
  const blocks = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang, rest] = open;
    let j = i + 1;
    while (j < lines.length && !(lines[j].trim().startsWith(fence) && lines[j].trim().replace(/[`~]/g, '') === '')) j += 1;
    if (lang === 'ts' || lang === 'typescript') {
      const code = lines
        .slice(i + 1, j)
        .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart()))
        .join('\n');
      blocks.push({ file, line: i + 2, lang, flags: rest.split(/\s+/).filter(Boolean), code });
    }
    i = j;
  }
  return blocks;
}
