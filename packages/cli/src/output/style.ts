/**
 * Colour for terminals, and none elsewhere: a `Style` paints only when its stream is a TTY (or
 * `--color` forces it), never when `--no-color` or `NO_COLOR` says not to.
 */

/** The paints mcpkit uses; each returns the text unchanged when colour is off. */
export interface Style {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  blue(text: string): string;
  magenta(text: string): string;
  cyan(text: string): string;
}

const paint = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
const plain = (text: string) => text;

/** A style that always or never paints. */
export function makeStyle(enabled: boolean): Style {
  const p = (open: number, close: number) => (enabled ? paint(open, close) : plain);
  return {
    enabled,
    bold: p(1, 22),
    dim: p(2, 22),
    red: p(31, 39),
    green: p(32, 39),
    yellow: p(33, 39),
    blue: p(34, 39),
    magenta: p(35, 39),
    cyan: p(36, 39),
  };
}

/**
 * The style for one output stream: `forced` (from `--color` / `--no-color`) wins, then `NO_COLOR`
 * and `FORCE_COLOR`, then whether the stream is a terminal.
 */
export function styleFor(stream: { isTTY?: boolean }, forced: boolean | undefined, env: NodeJS.ProcessEnv = process.env): Style {
  if (forced !== undefined) return makeStyle(forced);
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return makeStyle(false);
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return makeStyle(true);
  return makeStyle(stream.isTTY === true);
}

/** Removes colour codes (to measure or compare text). */
export function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}
