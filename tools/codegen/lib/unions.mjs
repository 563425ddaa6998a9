// Step 2a: unions whose errors say what the input was meant to be. ajv reports a failed `anyOf` as
// the errors of every branch, then "must match a schema in anyOf": `tools/cal` as a ClientRequest
// gets ten "must be equal to constant" errors, a bad image block the same missing `data` twice (the
// image and the audio branch). Here each union (an `anyOf` with at least one `$ref` branch) is found
// in the schema, inline ones and inline branches are moved to `$defs` entries of their own (a `$ref`
// reports exactly what its target reported), and its validator is written here instead of by ajv
// (`unionFunction`). The verdict is the same as the
// `anyOf` (the oracle tests compare with ajv on the official schema); only the errors change:
// - tagged (every branch an object that requires `method`, `type` or `resultType` with constant
//   values): the tag picks the branch; only that branch runs and only its errors are reported. A
//   missing tag is `required`; an unknown one is one `discriminator` error naming the tag, the value
//   and the known values.
// - otherwise every branch runs; when all fail, the errors of the branch the input was meant for are
//   reported: the one whose tag (`mode`, `method`, `type`) matches, the `InputRequiredResult` when
//   `resultType` is `input_required` (basic/index.mdx "ResultType"), or the ones whose required
//   members are all present; when none stands out, every branch's errors and the `anyOf` error.
// Each problem is reported once: identical errors of two branches become one.

/** Tags that decide a union outright, in the order they are tried. */
export const HARD_TAGS = ['method', 'type', 'resultType'];
/** Tags that only say which branch's errors to report (they may be optional in a branch). */
const SOFT_TAGS = ['mode', 'method', 'type'];
/** `resultType` values of results whose schema leaves `resultType` a plain string. */
const RESULT_TYPE_OF = { InputRequiredResult: 'input_required' };

/** The `$defs` name a `$ref` inside the same document points to, or `undefined`. */
const refName = (node) => (typeof node?.$ref === 'string' && node.$ref.startsWith('#/$defs/') ? node.$ref.slice('#/$defs/'.length) : undefined);

/** Keys a union node may carry besides `anyOf` (after annotations are stripped) to be rewritten. */
const isBareUnion = (node) => Array.isArray(node?.anyOf) && Object.keys(node).every((key) => key === 'anyOf');

/**
 * The constant values a definition gives property `key`, following `$ref`s and nested unions:
 * `{ values, required }`, or `undefined` when the property is not constant there.
 */
function tagOf(defs, node, key, seen = new Set()) {
  const name = refName(node);
  if (name !== undefined) {
    if (seen.has(name)) return undefined;
    seen.add(name);
    return tagOf(defs, defs[name], key, seen);
  }
  if (isBareUnion(node)) {
    const parts = node.anyOf.map((branch) => tagOf(defs, branch, key, seen));
    if (parts.some((part) => part === undefined)) return undefined;
    return { values: parts.flatMap((part) => part.values), required: parts.every((part) => part.required) };
  }
  const property = node?.properties?.[key];
  if (!property) return undefined;
  const values = 'const' in property ? [property.const] : Array.isArray(property.enum) ? property.enum : undefined;
  if (!values || !values.every((value) => typeof value === 'string')) return undefined;
  return { values, required: Array.isArray(node.required) && node.required.includes(key) };
}

/** The JSON type a branch accepts when it names exactly one (`object`, `array`, ...), following `$ref`s. */
function jsonTypeOf(defs, node, seen = new Set()) {
  const name = refName(node);
  if (name !== undefined) {
    if (seen.has(name)) return undefined;
    seen.add(name);
    return jsonTypeOf(defs, defs[name], seen);
  }
  if (isBareUnion(node)) {
    const types = new Set(node.anyOf.map((branch) => jsonTypeOf(defs, branch, seen)));
    return types.size === 1 ? [...types][0] : undefined;
  }
  return typeof node?.type === 'string' ? node.type : undefined;
}

/** The members a branch requires (following `$ref`s), for the last preference rule. */
function requiredOf(defs, node) {
  let target = node;
  for (let depth = 0; refName(target) !== undefined && depth < 20; depth++) target = defs[refName(target)];
  return Array.isArray(target?.required) ? target.required : [];
}

/**
 * Moves every inline union of `$ref`s (and the inline branches next to them) to a `$defs` entry of its
 * own, named after where it was (`CallToolResultResponse_result`), so that each union is one
 * function. Returns the new schema and the union descriptions, keyed by `$defs` name.
 */
export function liftUnions(schema) {
  const defs = { ...schema.$defs };
  const unions = {};
  const synthetic = new Set();
  const describe = (name, node) => {
    const branches = node.anyOf.map((branch, i) => {
      if (refName(branch) !== undefined) return refName(branch);
      const lifted = `${name}_${i}`;
      defs[lifted] = branch;
      synthetic.add(lifted);
      return lifted;
    });
    unions[name] = analyse(defs, name, branches);
  };
  const visit = (owner, node, path) => {
    if (node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map((item, i) => visit(owner, item, [...path, String(i)]));
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      // `properties` and `$defs` hold names, not keywords: descend into their values only.
      if (key === 'properties' || key === 'patternProperties') {
        out[key] = Object.fromEntries(Object.entries(value).map(([prop, sub]) => [prop, visit(owner, sub, [...path, prop])]));
      } else if (key === 'const' || key === 'enum' || key === 'required') {
        out[key] = value;
      } else {
        out[key] = visit(owner, value, [...path, key]);
      }
    }
    const unionOfRefs = isBareUnion(out) && out.anyOf.some((branch) => refName(branch) !== undefined);
    if (path.length > 0 && unionOfRefs) {
      const name = `${owner}_${path.filter((part) => part !== 'properties' && part !== 'anyOf').join('_')}`;
      if (defs[name] !== undefined) throw new Error(`lifting a union of ${owner} would overwrite $defs/${name}`);
      defs[name] = out;
      synthetic.add(name);
      describe(name, out);
      return { $ref: `#/$defs/${name}` };
    }
    return out;
  };
  for (const [name, def] of Object.entries(schema.$defs)) {
    const rewritten = visit(name, def, []);
    defs[name] = rewritten;
    if (isBareUnion(rewritten) && rewritten.anyOf.some((branch) => refName(branch) !== undefined)) describe(name, rewritten);
  }
  return { schema: { ...schema, $defs: defs }, unions, synthetic };
}

/**
 * What kind of union `branches` (their `$defs` names) make: `{ kind: 'tagged', tag, cases, arrayBranch }`
 * when a tag decides (objects only, plus at most one array branch), else `{ kind: 'any', prefer }`
 * with the rule that picks the branch whose errors are reported.
 */
export function analyse(defs, name, branches) {
  const nodes = branches.map((branch) => ({ $ref: `#/$defs/${branch}` }));
  const types = nodes.map((node) => jsonTypeOf(defs, node));
  const arrays = branches.filter((_b, i) => types[i] === 'array');
  const objects = branches.filter((_b, i) => types[i] === 'object');
  if (arrays.length <= 1 && objects.length + arrays.length === branches.length && objects.length > 0) {
    for (const tag of HARD_TAGS) {
      const tags = objects.map((branch) => tagOf(defs, { $ref: `#/$defs/${branch}` }, tag));
      if (!tags.every((t) => t?.required)) continue;
      const cases = new Map();
      tags.forEach((t, i) => {
        for (const value of t.values) cases.set(value, [...(cases.get(value) ?? []), objects[i]]);
      });
      return { name, branches, kind: 'tagged', tag, cases: [...cases], arrayBranch: arrays[0] };
    }
  }
  return { name, branches, kind: 'any', prefer: preference(defs, branches) };
}

/**
 * The rule that says which failed branches the input was meant for, as one JS condition per branch
 * over `data` (known to be an object), or `undefined` when no rule tells branches apart.
 */
function preference(defs, branches) {
  const nodes = branches.map((branch) => ({ $ref: `#/$defs/${branch}` }));
  for (const tag of SOFT_TAGS) {
    const tags = nodes.map((node) => tagOf(defs, node, tag));
    // The tag tells branches apart when some branch fixes it and not every branch accepts the same values.
    if (!tags.some(Boolean) || new Set(tags.map((t) => (t ? `${t.required}:${t.values.join()}` : ''))).size < 2) continue;
    const access = `data[${JSON.stringify(tag)}]`;
    return tags.map((t) => {
      if (!t) return 'false';
      const match = t.values.map((value) => `${access} === ${JSON.stringify(value)}`).join(' || ');
      return t.required ? `(${match})` : `(${access} === undefined || ${match})`;
    });
  }
  if (branches.some((branch) => RESULT_TYPE_OF[branch] !== undefined)) {
    const claimed = branches.map((branch) => RESULT_TYPE_OF[branch]).filter(Boolean);
    return branches.map((branch) =>
      RESULT_TYPE_OF[branch] !== undefined
        ? `data.resultType === ${JSON.stringify(RESULT_TYPE_OF[branch])}`
        : claimed.map((value) => `data.resultType !== ${JSON.stringify(value)}`).join(' && '),
    );
  }
  const required = nodes.map((node) => requiredOf(defs, node));
  if (new Set(required.map((r) => r.join())).size > 1) {
    return required.map((keys) => (keys.length === 0 ? 'true' : keys.map((key) => `data[${JSON.stringify(key)}] !== undefined`).join(' && ')));
  }
  return undefined;
}

const OBJECT_TEST = 'data && typeof data == "object" && !Array.isArray(data)';

/**
 * The validator of one union, in the shape of the compacted ajv functions (so that duplicate merging
 * and module splitting treat it like the others). `fn(defName)` is the function name of a branch.
 */
export function unionFunction(union, self, fn) {
  const lines = [`function ${self}(data, instancePath=""){`, 'let vErrors = null;', 'let errors = 0;'];
  const fail = (errorsExpr) => [`${self}.errors = ${errorsExpr};`, 'return false;'];
  if (union.kind === 'tagged') {
    if (union.arrayBranch) {
      const array = fn(union.arrayBranch);
      lines.push('if(Array.isArray(data)){', `if(${array}(data, instancePath)){`, `${self}.errors = null;`, 'return true;', '}');
      lines.push(...fail(`${array}.errors`), '}');
    }
    lines.push(`if(!(${OBJECT_TEST})){`, ...fail(`[mkError(instancePath,"type",{type: "object"})]`), '}');
    const access = `data[${JSON.stringify(union.tag)}]`;
    lines.push(`switch(${access}){`);
    for (const [value, targets] of union.cases) {
      lines.push(`case ${JSON.stringify(value)}: {`, ...tryBranches(targets.map(fn), self), 'break;', '}');
    }
    lines.push('case undefined:', ...fail(`[mkError(instancePath,"required",{missingProperty: ${JSON.stringify(union.tag)}})]`));
    const known = JSON.stringify(union.cases.map(([value]) => value));
    lines.push(
      'default:',
      ...fail(
        `[mkError(instancePath+${JSON.stringify(`/${escapePointer(union.tag)}`)},"discriminator",{tag: ${JSON.stringify(union.tag)}, tagValue: ${access}, allowedValues: ${known}})]`,
      ),
      '}',
    );
  } else {
    const names = union.branches.map(fn);
    names.forEach((name, i) => {
      lines.push(`if(${name}(data, instancePath)){`, `${self}.errors = null;`, 'return true;', '}', `const e${i} = ${name}.errors;`);
    });
    const all = `uniqueErrors([${names.map((_n, i) => `...e${i}`).join(', ')}, mkError(instancePath,"anyOf",{})])`;
    if (union.prefer) {
      lines.push(`if(${OBJECT_TEST}){`);
      lines.push('const meant = [];');
      union.prefer.forEach((condition, i) => {
        if (condition !== 'false') lines.push(`if(${condition}){`, `meant.push(...e${i});`, '}');
      });
      lines.push('if(meant.length > 0){', ...fail('uniqueErrors(meant)'), '}', '}');
    }
    lines.push(...fail(all));
  }
  lines.push(`${self}.errors = vErrors;`, 'return errors === 0;', '}');
  return `${lines.join('\n')}\n`;
}

/** Runs the branches sharing one tag value: the first that passes wins, else all their errors, once each. */
function tryBranches(names, self) {
  if (names.length === 1) {
    const [name] = names;
    return [`if(!(${name}(data, instancePath))){`, `vErrors = ${name}.errors;`, 'errors = vErrors.length;', '}'];
  }
  const lines = [];
  names.forEach((name, i) => {
    lines.push(`if(${name}(data, instancePath)){`, `${self}.errors = null;`, 'return true;', '}', `const e${i} = ${name}.errors;`);
  });
  lines.push(`vErrors = uniqueErrors([${names.map((_n, i) => `...e${i}`).join(', ')}, mkError(instancePath,"anyOf",{})]);`, 'errors = vErrors.length;');
  return lines;
}

/** JSON Pointer escaping of one property name. */
const escapePointer = (key) => key.replaceAll('~', '~0').replaceAll('/', '~1');
