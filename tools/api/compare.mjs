// What changed between two sets of reports of one package, in the terms a version bump is chosen
// by: breaking (an export or entry removed, a declaration changed), additive (an export or entry
// added, an optional member or a class member added, an overload added), or documentation only.
import { declarationsOf } from './format.mjs';

// A line that only adds to a declaration: an optional member, or a new overload of a function.
const OPTIONAL_MEMBER = /^\s+(?:readonly\s+)?(?:[\w$]+|'[^']*'|"[^"]*")\?[:(]/;
const OVERLOAD = /^export\s+(?:declare\s+)?function\s/;
const CLASS = /^(?:export\s+)?(?:declare\s+)?(?:abstract\s+)?class\s/;

/** True when `before` (lines) is `after` with some lines taken out, keeping order. */
function isSubsequence(before, after) {
  let i = 0;
  for (const line of after) if (i < before.length && line === before[i]) i += 1;
  return i === before.length;
}

/** True when the code of a declaration only grew in ways no user of the old one notices. */
function onlyAdds(before, after) {
  const a = before.split('\n');
  const b = after.split('\n');
  if (!isSubsequence(a, b)) return false;
  const isClass = CLASS.test(b[0] ?? '');
  const added = [...b];
  for (const line of a) added.splice(added.indexOf(line), 1);
  return added.every((line) => OPTIONAL_MEMBER.test(line) || OVERLOAD.test(line) || (isClass && /^\s+(?!abstract\b)\S/.test(line)));
}

/**
 * Compares `base` and `head` (Maps of entry subpath → report text of one package). Returns
 * `{ breaking, additive, docs }`, each a sorted list of short readable items (`./node: removed serve`).
 */
export function compareReports(base, head) {
  const breaking = [];
  const additive = [];
  const docs = [];
  const label = (subpath, what) => (subpath === '.' ? what : `${subpath}: ${what}`);
  for (const subpath of new Set([...base.keys(), ...head.keys()])) {
    if (!head.has(subpath)) {
      breaking.push(`entry ${subpath} removed`);
      continue;
    }
    if (!base.has(subpath)) {
      additive.push(`entry ${subpath} added`);
      continue;
    }
    if (base.get(subpath) === head.get(subpath)) continue;
    const before = declarationsOf(base.get(subpath));
    const after = declarationsOf(head.get(subpath));
    for (const [name, old] of before) {
      const now = after.get(name);
      if (!now) {
        if (old.exported) breaking.push(label(subpath, `removed ${name}`));
        continue;
      }
      if (old.code === now.code) {
        if (old.text !== now.text) docs.push(label(subpath, `documented ${name}`));
      } else if (onlyAdds(old.code, now.code)) additive.push(label(subpath, `extended ${name}`));
      else breaking.push(label(subpath, `changed ${name}`));
    }
    for (const [name, now] of after) if (!before.has(name) && now.exported) additive.push(label(subpath, `added ${name}`));
  }
  return { breaking: breaking.sort(), additive: additive.sort(), docs: docs.sort() };
}
