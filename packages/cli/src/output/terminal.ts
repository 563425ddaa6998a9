import { styleFor, type Style } from './style.js';

/**
 * Where a command writes: stdout for results (human text, or only JSON with `--json`), stderr for
 * everything else (diagnostics, traces, prompts, progress). Each stream has its own style, since
 * one may be a terminal and the other a pipe.
 */
export interface Terminal {
  /** The result channel. */
  out(text: string): void;
  /** Diagnostics: warnings, traces, prompts (a line; the newline is added when missing). */
  err(text: string): void;
  /** Raw text on stderr, no newline added (spinners redraw their line with it). */
  errRaw(text: string): void;
  readonly outStyle: Style;
  readonly errStyle: Style;
  /** Whether stderr is a terminal (spinners and progress bars only go there). */
  readonly errIsTTY: boolean;
  /** Whether stdin is a terminal (prompts). */
  readonly inIsTTY: boolean;
}

/** The process's own streams. */
export function processTerminal(color: boolean | undefined): Terminal {
  return {
    out: (text) => void process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => void process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    errRaw: (text) => void process.stderr.write(text),
    outStyle: styleFor(process.stdout, color),
    errStyle: styleFor(process.stderr, color),
    errIsTTY: process.stderr.isTTY === true,
    inIsTTY: process.stdin.isTTY === true,
  };
}
