import type { RequestContext } from '../dispatch/request-context.js';

/** What a completer returns: the values (best first), or them with `total` / `hasMore`. */
export type CompletionAnswer = readonly string[] | { values: readonly string[]; total?: number; hasMore?: boolean };

/** What a completer learns besides the partial value. */
export interface CompletionContext {
  /** Arguments the user already resolved (`context.arguments` of the request). */
  readonly arguments: Readonly<Record<string, string>>;
  /** The request being served. */
  readonly request: RequestContext;
}

/**
 * Suggests values for one prompt argument or URI-template variable (server/utilities/completion.mdx).
 *
 * @example const language: Completer = (value) => ['python', 'rust'].filter((v) => v.startsWith(value));
 */
export type Completer = (value: string, context: CompletionContext) => CompletionAnswer | Promise<CompletionAnswer>;

/** Completers by argument (or variable) name. */
export type Completers = Readonly<Record<string, Completer>>;

/** Checks completers at registration. */
export function checkCompleters(owner: string, completers: Completers | undefined, known?: readonly string[]): Completers | undefined {
  if (!completers) return undefined;
  for (const [name, completer] of Object.entries(completers)) {
    if (typeof completer !== 'function') throw new TypeError(`${owner}: the completer of "${name}" must be a function`);
    if (known && !known.includes(name))
      throw new TypeError(`${owner}: a completer is given for "${name}", which is not one of its arguments (${known.join(', ') || 'none'})`);
  }
  return Object.freeze({ ...completers });
}
