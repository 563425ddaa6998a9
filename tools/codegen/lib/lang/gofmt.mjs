// gofmt's layout for the Go that quicktype and the post-processing write, so the generated files
// are `gofmt`-clean without codegen depending on a Go toolchain (the Go test runs `gofmt -l` on
// them). Three things differ in quicktype's output: trailing blanks in comments, function bodies
// indented one tab too deep, and struct fields and const specs not aligned in columns. The columns
// follow text/tabwriter as gofmt drives it: a line's cells are its indentation, then each name or
// type before the last item; a column is aligned over consecutive lines that have a cell in it
// (a comment line or a blank line ends it), padded to the widest cell plus one space.

/** The cells of a struct field or const spec line: `[indent, cell, ..., trailing]`, or undefined. */
function cellsOf(line, kind) {
  const m = /^(\t+)(\S.*)$/.exec(line);
  if (!m || m[2].startsWith('//')) return undefined;
  const [, indent, rest] = m;
  if (kind === 'const') {
    const spec = /^(\w+) +(\S+) +(= .*)$/.exec(rest);
    return spec ? [indent, spec[1], spec[2], spec[3]] : undefined;
  }
  const withTag = /^(\w+) +(\S+) +(`[^`]*`)$/.exec(rest);
  if (withTag) return [indent, withTag[1], withTag[2], withTag[3]];
  const plain = /^(\w+) +(\S+)$/.exec(rest);
  return plain ? [indent, plain[1], plain[2]] : undefined;
}

/** text/tabwriter's format(): aligns column `column` over runs of `rows` that have a cell there, recursively. */
function alignColumns(rows, start, end, column) {
  for (let i = start; i < end; i++) {
    const row = rows[i];
    if (!row || column >= row.length - 1) continue;
    let j = i;
    let width = 0;
    while (j < end && rows[j] && column < rows[j].length - 1) {
      width = Math.max(width, rows[j][column].length + 1);
      j++;
    }
    // Column 0 is the indentation: tabs, not padded.
    if (column > 0) for (let k = i; k < j; k++) rows[k][column] = rows[k][column].padEnd(width);
    alignColumns(rows, i, j, column + 1);
    i = j - 1;
  }
}

/** Aligns the body lines of one struct or const block (gofmt aligns nothing when a struct has one field). */
function alignBlock(lines, kind) {
  const rows = lines.map((line) => cellsOf(line, kind));
  if (kind === 'struct' && rows.filter(Boolean).length === 1) return lines;
  alignColumns(rows, 0, rows.length, 0);
  return rows.map((row, i) => (row ? row.join('') : lines[i]));
}

/** Removes string, rune and comment text from a line, so that braces in them are not counted. */
function codeOnly(line) {
  return line
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\/\/.*$/, '')
    .trim();
}

/** Re-indents the body of a top-level function by its brace depth (case labels one level out). */
function indentBody(lines) {
  let depth = 1;
  return lines.map((line) => {
    const code = codeOnly(line);
    if (line.trim() === '') return '';
    const closes = /^[})]/.test(code) ? 1 : 0;
    const label = /^(case .*|default):$/.test(code) ? 1 : 0;
    const out = `${'\t'.repeat(depth - closes - label)}${line.trim()}`;
    for (const char of code) {
      if (char === '{' || char === '(') depth++;
      if (char === '}' || char === ')') depth--;
    }
    return out;
  });
}

/** Lays out `text` (a Go file) the way gofmt does for the shapes codegen writes. */
export function gofmtLayout(text) {
  const lines = text.split('\n').map((line) => line.replace(/[ \t]+$/, ''));
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const open = /^(type \w+ struct \{|const \()$/.exec(line);
    const func = /^func .*\{$/.test(line);
    if (!open && !func) {
      out.push(line);
      continue;
    }
    const close = open?.[1].startsWith('const') ? ')' : '}';
    let j = i + 1;
    while (j < lines.length && lines[j] !== close) j++;
    if (j === lines.length) throw new Error(`codegen: go: no closing ${close} for line ${i + 1}: ${line}`);
    const body = lines.slice(i + 1, j);
    out.push(line, ...(func ? indentBody(body) : alignBlock(body, open[1].startsWith('const') ? 'const' : 'struct')), close);
    i = j;
  }
  return out.join('\n');
}
