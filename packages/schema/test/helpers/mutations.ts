// A deterministic mutation corpus built from valid examples: each mutation changes one thing, so a
// validator that ignores a rule accepts a mutation the official schema rejects (or the reverse).

export interface Mutation {
  /** What was changed, e.g. `remove /params/name` or `type /id -> null`. */
  label: string;
  value: unknown;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

const pointer = (path: Path) => (path.length === 0 ? '(root)' : `/${path.join('/')}`);

/** Replacement values of the wrong kind for a value (every JSON type but its own, plus near-misses). */
function wrongValues(value: Json, key: string | number | undefined): Json[] {
  const out: Json[] = [];
  if (typeof value === 'string') {
    out.push(42, null, '', 'not a uri, not base64 %%');
  } else if (typeof value === 'number') {
    out.push(String(value), null, Number.isInteger(value) ? 1.5 : 2, -1);
  } else if (typeof value === 'boolean') {
    out.push(String(value), 0);
  } else if (value === null) {
    out.push(0, 'null');
  } else if (Array.isArray(value)) {
    out.push({}, 'array', value.length > 0 ? [] : [null]);
  } else {
    out.push([], 'object', null);
  }
  // Near-misses for the discriminating members of MCP messages.
  if (key === 'jsonrpc') out.push('1.0');
  if (key === 'resultType') out.push('unknown_type');
  if (key === 'id') out.push(null, 1.5);
  if (key === 'method') out.push('no/such/method');
  if (key === 'type' || key === 'mode' || key === 'action' || key === 'role') out.push('no_such_value');
  return out;
}

function setAt(root: Json, path: Path, replace: (node: Json) => Json | undefined): Json {
  if (path.length === 0) return replace(root) as Json;
  const copy = structuredClone(root);
  // Walk to the parent of the target; every step exists because the path came from this value.
  let parent = copy as Record<string | number, Json>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  const next = replace(parent[last] as Json);
  if (next !== undefined) parent[last] = next;
  else if (Array.isArray(parent)) parent.splice(last as number, 1);
  else delete parent[last];
  return copy;
}

/** Every single-change mutation of `example`: removals, wrong types, near-misses, extra members. */
export function mutate(example: unknown): Mutation[] {
  const root = example as Json;
  const out: Mutation[] = [];
  const visit = (node: Json, path: Path) => {
    const key = path[path.length - 1];
    if (path.length > 0) {
      out.push({ label: `remove ${pointer(path)}`, value: setAt(root, path, () => undefined) });
    }
    for (const wrong of wrongValues(node, key)) {
      out.push({ label: `set ${pointer(path)} = ${JSON.stringify(wrong)}`, value: setAt(root, path, () => wrong) });
    }
    if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
      out.push({ label: `extra member at ${pointer(path)}`, value: setAt(root, path, (n) => ({ ...(n as object), unexpectedMember: true })) });
      if (Object.keys(node).length > 0) out.push({ label: `empty object at ${pointer(path)}`, value: setAt(root, path, () => ({})) });
      for (const [k, v] of Object.entries(node)) visit(v, [...path, k]);
    } else if (Array.isArray(node)) {
      out.push({ label: `append 42 to ${pointer(path)}`, value: setAt(root, path, (n) => [...(n as Json[]), 42]) });
      node.forEach((v, i) => visit(v, [...path, i]));
    }
  };
  visit(root, []);
  return out;
}
