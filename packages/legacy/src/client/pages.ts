import { ProtocolError } from '@mcpkit/client';

/** One page of a list, reduced to what the walk needs. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly nextCursor: string | undefined;
}

/**
 * Walks every page of a list (server/utilities/pagination.mdx): only a missing `nextCursor` ends
 * it (an empty string is a real cursor), and a cursor handed out twice ends the walk with a
 * `ProtocolError` instead of looping forever.
 */
export async function* walkPages<T>(method: string, fetchPage: (cursor: string | undefined) => Promise<Page<T>>): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.items;
    const next = page.nextCursor;
    if (next === undefined) return;
    if (seen.has(next)) throw new ProtocolError(method, `The server returned the cursor ${JSON.stringify(next)} twice; the ${method} walk stopped`);
    seen.add(next);
    cursor = next;
  }
}
