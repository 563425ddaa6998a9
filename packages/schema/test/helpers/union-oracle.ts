// The oracle of the union errors (packages/schema/README.md, "Errors of unions"), written apart from
// codegen: ajv compiles our JSON Schema with each union — an `anyOf` with a `$ref` branch — replaced
// by a keyword of this file, which asks ajv's own validators of the branches and reports what the
// README promises. Everything else is ajv's, so our validators' errors must equal these exactly.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020') as typeof import('ajv/dist/2020').default;

type Json = Record<string, unknown>;
type Check = ((value: unknown) => boolean) & { errors?: Array<Record<string, unknown>> | null };
interface Union {
  branches: string[];
}

const HARD_TAGS = ['method', 'type', 'resultType'];
const SOFT_TAGS = ['mode', 'method', 'type'];
const ANNOTATIONS = ['description', 'title', '$comment', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly'];
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const refName = (node: unknown) => (isObject(node) && typeof node.$ref === 'string' ? node.$ref.replace('#/$defs/', '') : undefined);

/** Replaces every union by `{ 'x-union': { branches } }`, its inline branches moved to `$defs`. */
function markUnions(schema: Json): Json {
  const defs: Record<string, unknown> = { ...(schema.$defs as Json) };
  let lifted = 0;
  const visit = (node: unknown, inNames = false): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item));
    if (!isObject(node)) return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (inNames) out[key] = visit(value);
      else if (key === 'const' || key === 'enum' || key === 'required') out[key] = value;
      else out[key] = visit(value, key === 'properties' || key === 'patternProperties' || key === '$defs');
    }
    const bare = Object.keys(out).every((key) => key === 'anyOf' || ANNOTATIONS.includes(key));
    if (!inNames && bare && Array.isArray(out.anyOf) && out.anyOf.some((b) => refName(b) !== undefined)) {
      const branches = (out.anyOf as unknown[]).map((branch) => {
        const name = refName(branch);
        if (name !== undefined) return name;
        const inline = `__oracle_${lifted++}`;
        defs[inline] = branch;
        return inline;
      });
      const { anyOf: _gone, ...rest } = out;
      return { ...rest, 'x-union': { branches } };
    }
    return out;
  };
  const marked = Object.fromEntries(Object.entries(defs).map(([name, def]) => [name, visit(def)]));
  return { ...schema, $defs: { ...defs, ...marked } };
}

/** A branch's definition with `$ref`s followed. */
function resolve(defs: Json, name: string): Json {
  let node = defs[name] as Json;
  for (let guard = 0; refName(node) !== undefined && guard < 20; guard++) node = defs[refName(node) as string] as Json;
  return node;
}

/** The constant values a branch gives `key` (`{ values, required }`), looking into nested unions. */
function tagOf(defs: Json, name: string, key: string, depth = 0): { values: unknown[]; required: boolean } | undefined {
  const node = resolve(defs, name);
  const union = node['x-union'] as Union | undefined;
  if (union && depth < 5) {
    const parts = union.branches.map((b) => tagOf(defs, b, key, depth + 1));
    if (parts.some((p) => p === undefined)) return undefined;
    return { values: parts.flatMap((p) => p!.values), required: parts.every((p) => p!.required) };
  }
  const property = (node.properties as Json | undefined)?.[key] as Json | undefined;
  if (!property) return undefined;
  const values = 'const' in property ? [property.const] : Array.isArray(property.enum) ? property.enum : undefined;
  if (!values?.every((v) => typeof v === 'string')) return undefined;
  return { values, required: Array.isArray(node.required) && node.required.includes(key) };
}

function typeOf(defs: Json, name: string, depth = 0): unknown {
  const node = resolve(defs, name);
  const union = node['x-union'] as Union | undefined;
  if (union && depth < 5) {
    const types = new Set(union.branches.map((b) => typeOf(defs, b, depth + 1)));
    return types.size === 1 ? [...types][0] : undefined;
  }
  return typeof node.type === 'string' ? node.type : undefined;
}

const unique = (errors: Array<Record<string, unknown>>) => {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.instancePath}\0${e.keyword}\0${JSON.stringify(e.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/**
 * `oracle(defName)`: ajv's validator of that definition in `schema` (our published JSON Schema), with
 * the README's union rule in place of ajv's `anyOf` errors. `options` are the build-time compiler's.
 */
export function unionOracle(schema: Json, id: string, options: Json, formats: Record<string, (value: string) => boolean>): (defName: string) => Check {
  const marked = markUnions(schema);
  const defs = marked.$defs as Json;
  const ajv = new Ajv2020({ strict: true, ...options });
  Object.assign(ajv.opts, options); // Ajv2020's constructor turns unevaluated/dynamicRef support back on
  for (const [name, fn] of Object.entries(formats)) ajv.addFormat(name, fn);
  const branch = (name: string) => ajv.getSchema(`${id}#/$defs/${name}`) as Check;
  // Each error a branch reports, moved under the path the union was checked at.
  const run = (name: string, data: unknown, at: string) => {
    const check = branch(name);
    if (check(data)) return null;
    return (check.errors ?? []).map(({ schemaPath: _s, ...e }) => ({ ...e, instancePath: `${at}${e.instancePath}` }));
  };
  const fail = (self: Check, errors: Array<Record<string, unknown>>) => {
    self.errors = errors;
    return false;
  };
  const anyOf = (at: string) => ({ instancePath: at, keyword: 'anyOf', params: {}, message: 'must match a schema in anyOf' });
  function validateUnion(this: unknown, union: Union, data: unknown, _parent: unknown, cxt?: { instancePath?: string }): boolean {
    const self = validateUnion as unknown as Check;
    const at = cxt?.instancePath ?? '';
    const types = union.branches.map((b) => typeOf(defs, b));
    const objects = union.branches.filter((_b, i) => types[i] === 'object');
    const arrays = union.branches.filter((_b, i) => types[i] === 'array');
    const tag =
      arrays.length <= 1 && objects.length + arrays.length === union.branches.length && objects.length > 0
        ? HARD_TAGS.find((t) => objects.every((b) => tagOf(defs, b, t)?.required))
        : undefined;
    if (tag !== undefined) {
      if (Array.isArray(data) && arrays[0] !== undefined) {
        const errors = run(arrays[0], data, at);
        return errors === null ? true : fail(self, errors);
      }
      if (!isObject(data)) return fail(self, [{ instancePath: at, keyword: 'type', params: { type: 'object' }, message: 'must be object' }]);
      const value = data[tag];
      if (value === undefined) {
        return fail(self, [{ instancePath: at, keyword: 'required', params: { missingProperty: tag }, message: `must have required property '${tag}'` }]);
      }
      const known = [...new Set(objects.flatMap((b) => tagOf(defs, b, tag)!.values))];
      const meant = objects.filter((b) => tagOf(defs, b, tag)!.values.includes(value));
      if (meant.length === 0) {
        return fail(self, [
          {
            instancePath: `${at}/${tag}`,
            keyword: 'discriminator',
            params: { tag, tagValue: value, allowedValues: known },
            message: `unknown ${tag} ${JSON.stringify(value)}`,
          },
        ]);
      }
      const errors: Array<Record<string, unknown>> = [];
      for (const b of meant) {
        const e = run(b, data, at);
        if (e === null) return true;
        errors.push(...e);
      }
      return fail(self, meant.length === 1 ? errors : unique([...errors, anyOf(at)]));
    }
    const all: Array<Array<Record<string, unknown>>> = [];
    for (const b of union.branches) {
      const e = run(b, data, at);
      if (e === null) return true;
      all.push(e);
    }
    if (isObject(data)) {
      const meant = preferred(defs, union.branches, data);
      const chosen = all.filter((_e, i) => meant[i]).flat();
      if (chosen.length > 0) return fail(self, unique(chosen));
    }
    return fail(self, unique([...all.flat(), anyOf(at)]));
  }
  ajv.addKeyword({ keyword: 'x-union', validate: validateUnion as never, errors: true, schemaType: 'object' });
  ajv.addSchema({ ...marked, $id: id });
  return branch;
}

/** Which branches `data` was meant for (the README's order of rules), or none. */
function preferred(defs: Json, branches: string[], data: Json): boolean[] {
  for (const tag of SOFT_TAGS) {
    const tags = branches.map((b) => tagOf(defs, b, tag));
    if (!tags.some(Boolean) || new Set(tags.map((t) => (t ? `${t.required}:${t.values.join()}` : ''))).size < 2) continue;
    return tags.map((t) => t !== undefined && ((!t.required && data[tag] === undefined) || t.values.includes(data[tag])));
  }
  if (branches.includes('InputRequiredResult')) return branches.map((b) => (b === 'InputRequiredResult') === (data.resultType === 'input_required'));
  const required = branches.map((b) => (resolve(defs, b).required as string[] | undefined) ?? []);
  if (new Set(required.map((r) => r.join())).size > 1) return required.map((keys) => keys.every((k) => data[k] !== undefined));
  return branches.map(() => false);
}
