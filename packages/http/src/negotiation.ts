/**
 * `Content-Type` and `Accept` checks of a POST.
 * spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Sending Messages)
 */

/** True when a `Content-Type` value names `application/json` (parameters such as charset allowed). */
export function isJsonContentType(value: string | null): boolean {
  if (value === null) return false;
  const semi = value.indexOf(';');
  const type = (semi === -1 ? value : value.slice(0, semi)).trim().toLowerCase();
  return type === 'application/json';
}

function rangeAccepts(range: string, type: string, subtype: string): boolean {
  const semi = range.indexOf(';');
  const media = (semi === -1 ? range : range.slice(0, semi)).trim().toLowerCase();
  if (semi !== -1 && /;\s*q\s*=\s*0(?:\.0{0,3})?\s*(?:;|$)/i.test(range.slice(semi))) return false;
  return media === '*/*' || media === `${type}/*` || media === `${type}/${subtype}`;
}

function accepts(ranges: string[], type: string, subtype: string): boolean {
  return ranges.some((range) => rangeAccepts(range, type, subtype));
}

/**
 * True when an `Accept` value admits both `application/json` and `text/event-stream`, as the
 * spec requires of every POST (wildcards count; `q=0` excludes).
 */
export function acceptsJsonAndSse(accept: string | null): boolean {
  if (accept === null) return false;
  if (accept === 'application/json, text/event-stream') return true;
  const ranges = accept.split(',');
  return accepts(ranges, 'application', 'json') && accepts(ranges, 'text', 'event-stream');
}
