// Facts about a revision's schema that several languages' post-processing needs.
import { normalizeName } from '../rewrite.mjs';
import { stripAnnotations, walkSchema } from '../schema-walk.mjs';

/**
 * quicktype merges definitions of identical shape into one type and may then declare only one of
 * their names. Returns, for `defName`, the other definitions with exactly its shape (annotations
 * aside), so a language can declare the missing name as an alias of the one it kept.
 */
export function sameShapeAs(schema, defName) {
  const shape = (name) => JSON.stringify(stripAnnotations(schema.$defs[name]));
  const mine = shape(defName);
  return Object.keys(schema.$defs).filter((other) => other !== defName && shape(other) === mine);
}

/** The `$defs` name a language's type name stands for (names compared without case or separators). */
export function defNameFor(schema, typeName) {
  const wanted = normalizeName(typeName);
  return Object.keys(schema.$defs).find((name) => normalizeName(name) === wanted);
}

/**
 * Declares each top-level name quicktype referred to but never declared as an alias of the type it
 * merged that definition into. `declared(text)` lists the language's declared type names;
 * `alias(name, target)` renders the declaration. Returns the lines to add. With `skipUnmatched`, a
 * name that no kept type has the shape of is left undeclared (a language without a type for it).
 */
export function missingAliases({ label, schema, used, declared, alias, skipUnmatched = false }) {
  const have = new Set(declared);
  const byNormal = new Map(declared.map((name) => [normalizeName(name), name]));
  const lines = [];
  for (const name of [...new Set(used)].filter((n) => !have.has(n)).sort()) {
    const defName = defNameFor(schema, name);
    if (!defName) throw new Error(`codegen: ${label}: quicktype used undeclared type ${name}, which names no definition`);
    const target = sameShapeAs(schema, defName)
      .map((other) => byNormal.get(normalizeName(other)))
      .find(Boolean);
    if (!target && skipUnmatched) continue;
    if (!target) throw new Error(`codegen: ${label}: ${name} is undeclared and no definition of the same shape was kept`);
    lines.push(alias(name, target, defName));
  }
  return lines;
}

/** Property names the schema lets be `null` (2025-11-25: Task's `ttl`). */
export function nullableProperties(schema) {
  const names = new Set();
  walkSchema(schema, (node) => {
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      const types = [property.type].flat();
      if (types.includes('null')) names.add(normalizeName(name));
    }
  });
  return names;
}
