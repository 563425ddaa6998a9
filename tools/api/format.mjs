// The committed shape of a report: API Extractor's report with our own header, without the
// `// @public` tag it prints on every declaration (this repo uses no release tags, so it says
// nothing), and split into declaration blocks for the changeset check.

const HEADER = /^[\s\S]*?```ts\n/;

/** Rewrites API Extractor's report `text` for `entry` ({ pkg, subpath, dts }) into the committed form. */
export function normalizeReport(text, entry) {
  const body = text.replace(/\r\n/g, '\n').replace(HEADER, '');
  const lines = [];
  for (let line of body.split('\n')) {
    if (/^\s*\/\/ \(No @packageDocumentation comment for this package\)$/.test(line)) continue;
    // The closing list of warnings names lines of dist/*.d.ts, which move with every unrelated edit.
    line = line.replace(/^\/\/ [^\s]+\.d\.ts:\d+:\d+ - /, '// ');
    const tag = /^(\s*)\/\/ @public(?: (.*))?$/.exec(line);
    if (tag) {
      if (tag[2]) lines.push(`${tag[1]}// ${tag[2]}`);
      // A warning above the tag ends in an empty `//` line that only separated it from the tag.
      else if (/^\s*\/\/$/.test(lines.at(-1) ?? '')) lines.pop();
      continue;
    }
    lines.push(line);
  }
  const code = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+/, '')
    .replace(/\n*```\s*$/, '');
  return [
    `## API report: ${entry.pkg}${entry.subpath === '.' ? '' : entry.subpath.slice(1)}`,
    '',
    `> Generated from \`${entry.dts}\` by API Extractor through \`pnpm api\`; do not edit. A change here is a`,
    '> change to the public API: it needs a changeset for the package (tools/api/README.md).',
    '',
    '```ts',
    code,
    '```',
    '',
  ].join('\n');
}

/** The TypeScript between the report's fences. */
export const codeOf = (report) => /```ts\n([\s\S]*?)\n```/.exec(report)?.[1] ?? '';

const DECLARATION = /^(export\s+)?(?:declare\s+)?(?:abstract\s+)?(?:function|interface|class|type|const|let|var|enum|namespace|module)\s+([\w$]+)/;

/**
 * The declarations of a report: a Map of name → { exported, text, code }, where `text` is the
 * block as printed (overloads joined) and `code` the same without comment lines. Imports are left
 * out (the declarations that use them show every change). `export { A as B }` lines are keyed by B.
 */
export function declarationsOf(report) {
  const out = new Map();
  const add = (name, exported, text) => {
    const code = text
      .split('\n')
      .filter((l) => !/^\s*\/\//.test(l))
      .join('\n');
    const prev = out.get(name);
    if (prev) out.set(name, { exported: prev.exported || exported, text: `${prev.text}\n\n${text}`, code: `${prev.code}\n${code}` });
    else out.set(name, { exported, text, code });
  };
  for (const block of codeOf(report).split(/\n\s*\n/)) {
    const code = block.split('\n').filter((l) => l.trim() !== '' && !/^\s*\/\//.test(l));
    if (code.length === 0) continue;
    if (/^import\s/.test(code[0])) continue;
    const reexport = /^export\s*\{([^}]*)\}/.exec(code[0]);
    if (reexport) {
      for (const part of reexport[1]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean))
        add(part.split(/\s+as\s+/).at(-1), true, part);
      continue;
    }
    const decl = DECLARATION.exec(code[0]);
    add(decl ? decl[2] : code[0], Boolean(decl?.[1]), block.trim());
  }
  return out;
}
