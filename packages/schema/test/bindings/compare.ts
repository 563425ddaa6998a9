// Differences between the JSON that went into a binding and what came back, described the way a user
// would notice them: a member dropped, a member (often a `null`) added, a value changed.

/** One difference, with its JSON pointer. */
export interface Difference {
  path: string;
  kind: 'dropped' | 'added' | 'changed';
  detail: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const pointer = (path: string, key: string | number) => `${path}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;
const show = (v: unknown) => (JSON.stringify(v) ?? 'undefined').slice(0, 80);

/** Every difference between `sent` and `received` (JSON values; numbers compare by value, member order is ignored). */
export function jsonDifferences(sent: unknown, received: unknown, path = ''): Difference[] {
  if (isObject(sent) && isObject(received)) {
    const out: Difference[] = [];
    for (const key of Object.keys(sent)) {
      if (!(key in received)) out.push({ path: pointer(path, key), kind: 'dropped', detail: `was ${show(sent[key])}` });
      else out.push(...jsonDifferences(sent[key], received[key], pointer(path, key)));
    }
    for (const key of Object.keys(received)) {
      if (!(key in sent)) out.push({ path: pointer(path, key), kind: 'added', detail: show(received[key]) });
    }
    return out;
  }
  if (Array.isArray(sent) && Array.isArray(received)) {
    if (sent.length !== received.length) return [{ path, kind: 'changed', detail: `${sent.length} items became ${received.length}` }];
    return sent.flatMap((item, i) => jsonDifferences(item, received[i], pointer(path, i)));
  }
  if (sent === received) return [];
  return [{ path: path || '/', kind: 'changed', detail: `${show(sent)} became ${show(received)}` }];
}

/** A one-line summary of differences (the first three). */
export function describeDifferences(differences: Difference[]): string {
  const shown = differences.slice(0, 3).map((d) => `${d.kind} ${d.path} (${d.detail})`);
  return differences.length > 3 ? `${shown.join('; ')}; and ${differences.length - 3} more` : shown.join('; ');
}
