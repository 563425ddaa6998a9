/**
 * The exit codes of `mcpkit`, one per kind of outcome, so a script can tell them apart.
 */
import { hasBrand } from '@mcpkit/jsonrpc';

export const ExitCode = {
  /** The command did what was asked. */
  Ok: 0,
  /** The server answered with a JSON-RPC error, a tool result with `isError`, or a result that breaks the protocol. */
  ServerError: 1,
  /** The command line (or `--answers`, `--args`...) was wrong; nothing was sent, or what was sent could not be completed. */
  Usage: 2,
  /** The server could not be reached, started, understood, or did not answer in time. */
  Transport: 3,
} as const;

/** One of the values of {@link ExitCode}. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A mistake in what the user asked for; its message says what to do instead. Exit code 2. */
export class UsageError extends Error {
  /** The brand `instanceof` recognises across copies of this package (see `hasBrand` of @mcpkit/jsonrpc). */
  static readonly '@mcpkit/brand': string = '@mcpkit/cli/UsageError';
  /** `instanceof` by brand, so an instance from another copy of this package is recognised. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asks about, a subclass included
    return hasBrand(this, value);
  }
  override readonly name = 'UsageError';
  constructor(
    message: string,
    /** The command whose help is worth showing, if any (`tools call`...). */
    readonly command?: string,
  ) {
    super(message);
  }
}

/** The server wrote something on stdout that is not a JSON-RPC message. Exit code 3. */
export class GarbageOutputError extends Error {
  /** The brand `instanceof` recognises across copies of this package (see `hasBrand` of @mcpkit/jsonrpc). */
  static readonly '@mcpkit/brand': string = '@mcpkit/cli/GarbageOutputError';
  /** `instanceof` by brand, so an instance from another copy of this package is recognised. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asks about, a subclass included
    return hasBrand(this, value);
  }
  override readonly name = 'GarbageOutputError';
  constructor(readonly excerpt: string) {
    super(
      `the server wrote something that is not a JSON-RPC message on its stdout: ${JSON.stringify(excerpt)}. ` +
        'On stdio, stdout carries only MCP messages; a server must log to stderr.',
    );
  }
}
