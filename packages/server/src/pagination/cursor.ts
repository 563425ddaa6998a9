import { fromBase64Url, fromUtf8, toBase64Url, utf8 } from '@mcpkit/jsonrpc/encoding';
import { invalidParams } from '../util/errors.js';
import type { ItemList } from '../registry/registry.js';

/** One page of a list and the cursor of the next page (absent on the last page). */
export interface Page<T> {
  readonly items: T[];
  readonly nextCursor: string | undefined;
}

/**
 * Opaque cursors (server/utilities/pagination.mdx): base64url of `[list, lastKey]`, the list's
 * name and the key of the last item already delivered. They carry no page size (the server always
 * decides it), and a cursor of one list is refused by every other list. Keyed by item rather than
 * offset, a cursor survives additions and removals elsewhere in the list; it expires (-32602) only
 * when its own item is gone. Cursors hold nothing secret: a made-up cursor can only name a position
 * the caller could have paged to.
 */
export function encodeCursor(list: string, lastKey: string): string {
  return toBase64Url(utf8(JSON.stringify([list, lastKey])));
}

function decodeCursor(list: string, cursor: string): string {
  const bytes = fromBase64Url(cursor);
  const text = bytes && fromUtf8(bytes);
  let value: unknown;
  try {
    value = text === undefined ? undefined : JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (!Array.isArray(value) || value.length !== 2 || value[0] !== list || typeof value[1] !== 'string') {
    throw invalidParams('Invalid cursor', { cursor });
  }
  return value[1];
}

/**
 * The page of `list` after `cursor` (from the start without one), keeping only items `visible`
 * allows, at most `pageSize` of them. Throws -32602 for a cursor that is malformed, belongs to
 * another list, or names an item that no longer exists.
 */
export function paginate<T>(
  name: string,
  list: ItemList<T>,
  key: (item: T) => string,
  cursor: string | undefined,
  pageSize: number,
  visible?: (item: T) => boolean,
): Page<T> {
  let start = 0;
  if (cursor !== undefined) {
    const lastKey = decodeCursor(name, cursor);
    const at = list.index.get(lastKey);
    if (at === undefined) throw invalidParams('Invalid cursor: the list changed since it was issued; list again from the start', { cursor });
    start = at + 1;
  }
  const items: T[] = [];
  const all = list.items;
  let i = start;
  for (; i < all.length && items.length < pageSize; i++) {
    const item = all[i]!;
    if (!visible || visible(item)) items.push(item);
  }
  // More may follow: look for one more visible item before promising a next page.
  let more = false;
  for (let j = i; j < all.length; j++) {
    if (!visible || visible(all[j]!)) {
      more = true;
      break;
    }
  }
  return { items, nextCursor: more && items.length > 0 ? encodeCursor(name, key(items[items.length - 1]!)) : undefined };
}
