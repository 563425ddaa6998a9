import { ProtocolError } from './errors.js';

/** One page of a list, reduced to what the walk needs. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly nextCursor: string | undefined;
}

/**
 * Walks every page of a list (server/utilities/pagination.mdx): the first request has no cursor;
 * only a **missing** `nextCursor` ends the list (an empty string is a valid cursor). A cursor the
 * server hands out twice would loop forever, so it ends the walk with a `ProtocolError`.
 *
 * @example
 * for await (const tool of walkPages('tools/list', async (cursor) => {
 *   const page = await client.listTools(cursor === undefined ? undefined : { cursor });
 *   return { items: page.tools, nextCursor: page.nextCursor };
 * })) console.log(tool.name);
 */
export async function* walkPages<T>(method: string, fetchPage: (cursor: string | undefined) => Promise<Page<T>>): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.items;
    const next = page.nextCursor;
    if (next === undefined) return;
    if (seen.has(next)) {
      throw new ProtocolError(method, `The server returned the cursor ${JSON.stringify(next)} twice; the ${method} walk stopped`);
    }
    seen.add(next);
    cursor = next;
  }
}

/**
 * Every item of a list method, page after page (`walkPages` with the paging done): `list` is called
 * with no params for the first page and `{ cursor }` after it, `items` picks the page's items.
 *
 * @example walkList('tools/list', (params) => client.listTools(params), (page) => page.tools)
 */
export function walkList<P extends { nextCursor?: string }, T>(
  method: string,
  list: (params: { cursor: string } | undefined) => Promise<P>,
  items: (page: P) => readonly T[],
): AsyncGenerator<T, void, undefined> {
  return walkPages(method, async (cursor) => {
    const page = await list(cursor === undefined ? undefined : { cursor });
    return { items: items(page), nextCursor: page.nextCursor };
  });
}
