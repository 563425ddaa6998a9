import { UsageError } from './exit-codes.js';

/**
 * Splits the `--stdio "COMMAND ARGS"` string into a program and its arguments the way a POSIX
 * shell splits words, without running a shell: blanks separate words; '…' keeps everything
 * literally; "…" keeps blanks and lets `\` escape `"`, `\`, `$` and `` ` ``; a `\` outside quotes
 * escapes the next character. No variables, globs or redirections are expanded.
 *
 * @example splitCommandLine(`node "my server.js" --name 'a b'`) // ['node', 'my server.js', '--name', 'a b']
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else word += ch;
      continue;
    }
    if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1] as string)) word += line[++i];
      else word += ch;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === '\\') {
      if (i + 1 === line.length) throw new UsageError(`--stdio ends with a lone backslash: ${JSON.stringify(line)}`);
      word += line[++i];
      inWord = true;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (quote !== undefined) throw new UsageError(`--stdio has an unterminated ${quote} quote: ${JSON.stringify(line)}`);
  if (inWord) words.push(word);
  if (words.length === 0) throw new UsageError('--stdio needs a command, e.g. --stdio "node server.js"');
  return words;
}
