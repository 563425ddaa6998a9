// Step 2b: makes ajv's standalone output smaller without changing a verdict or an error a user sees.
// ajv writes, at each of its ~1,300 failure sites, a full error object with a `schemaPath` string and
// an English `message`, passes `parentData`/`parentDataProperty`/`rootData` (used only by `$data` and
// dynamic refs, which MCP schemas do not use) to every sub-validator, and compiles a definition once
// as an export and again as the target of each `$ref`. Here the error objects become calls of one
// `mkError(instancePath, keyword, params)` that writes the same message at failure time, the
// sub-validators take the instance path alone, the few schema values an error reports are written
// where they are reported (ajv keeps ~900 schema objects at module level, built at import), errors
// are appended by one `addErrors` helper, and identical functions are merged.
// Every rewrite is checked: generation fails if ajv's output has a shape this file does not know.

/** ajv 8's English message of each keyword it may report, as a `return` statement of `errorMessage`. */
const MESSAGES = {
  type: 'return "must be " + params.type;',
  required: 'return "must have required property \'" + params.missingProperty + "\'";',
  const: 'return "must be equal to constant";',
  enum: 'return "must be equal to one of the allowed values";',
  anyOf: 'return "must match a schema in anyOf";',
  oneOf: 'return "must match exactly one schema in oneOf";',
  format: "return 'must match format \"' + params.format + '\"';",
  minimum: 'return "must be " + params.comparison + " " + params.limit;',
  maximum: 'return "must be " + params.comparison + " " + params.limit;',
  exclusiveMinimum: 'return "must be " + params.comparison + " " + params.limit;',
  exclusiveMaximum: 'return "must be " + params.comparison + " " + params.limit;',
  minItems: 'return "must NOT have fewer than " + params.limit + " items";',
  maxItems: 'return "must NOT have more than " + params.limit + " items";',
  minLength: 'return "must NOT have fewer than " + params.limit + " characters";',
  maxLength: 'return "must NOT have more than " + params.limit + " characters";',
  additionalProperties: 'return "must NOT have additional properties";',
  pattern: "return 'must match pattern \"' + params.pattern + '\"';",
};

/** Keywords `errorMessage` knows; an error site of any other keyword fails generation. */
export const MESSAGE_KEYWORDS = new Set(Object.keys(MESSAGES));

/**
 * The helper every failure site calls, with a message case for each keyword in `keywords` (the ones
 * the module reports), sharing one `return` between keywords with the same message.
 */
export function errorHelper(keywords = MESSAGE_KEYWORDS) {
  const byMessage = new Map();
  for (const keyword of [...keywords].sort()) {
    const statement = MESSAGES[keyword];
    byMessage.set(statement, [...(byMessage.get(statement) ?? []), keyword]);
  }
  const cases = [...byMessage].map(([statement, names]) => `    ${names.map((k) => `case "${k}":`).join(' ')} ${statement}`);
  return [
    'function mkError(instancePath, keyword, params) {',
    '  return { instancePath, keyword, params, message: errorMessage(keyword, params) };',
    '}',
    '',
    'function errorMessage(keyword, params) {',
    '  switch (keyword) {',
    ...cases,
    "    default: return 'must pass \"' + keyword + '\" keyword validation';",
    '  }',
    '}',
    '',
    'function addErrors(list, more) {',
    '  return list === null ? more : list.concat(more);',
    '}',
  ].join('\n');
}

const STRING = String.raw`"(?:[^"\\]|\\.)*"`;
const ERROR_OBJECT = new RegExp(
  // params may hold strings with braces (a `pattern` such as `[0-9a-f]{64}`).
  String.raw`\{instancePath(?::([^{}]+?))?,schemaPath:${STRING},keyword:"(\w+)",params:(\{(?:[^{}"]|${STRING})*\}),message:((?:${STRING}|\+|[\w$.]+)+)\}`,
  'g',
);

/** Applies every rewrite to ajv's standalone module body; throws when one does not apply cleanly. */
export function compactValidatorCode(code) {
  if (/\b(?:mkError|errorMessage|addErrors)\b/.test(code)) throw new Error('generated code already uses the name mkError, errorMessage or addErrors');
  const keywords = new Set();
  let body = rewriteErrors(code, keywords);
  body = dropParentData(body);
  body = inlineSchemaValues(body);
  body = shareErrorAppends(body);
  body = mergeDuplicates(body);
  return `${errorHelper(keywords)}\n\n${body}`;
}

/** `errorMessage` with every keyword, to compare with the message ajv wrote at each site. */
const errorMessage = new Function(`${errorHelper()}\nreturn errorMessage;`)();

/**
 * Evaluates ajv's `params` and `message` expressions of one error site, with each variable standing
 * for itself (`missing0` → "<missing0>") and `schemaN` for that schema constant, and fails unless
 * `errorMessage(keyword, params)` is the message ajv would have written.
 */
function checkMessage(code, keyword, params, message) {
  const schemas = new Map([...code.matchAll(/^const (schema\d+) = (.*);$/gm)].map(([, name, json]) => [name, json]));
  const scope = new Proxy(
    {},
    {
      has: (_t, key) => typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key),
      get: (_t, key) => (schemas.has(key) ? JSON.parse(schemas.get(key)) : `<${String(key)}>`),
    },
  );
  const [values, expected] = new Function('scope', `with (scope) { return [${params}, ${message}]; }`)(scope);
  const actual = errorMessage(keyword, values);
  if (actual !== expected) throw new Error(`errorMessage("${keyword}") writes ${JSON.stringify(actual)} where ajv writes ${JSON.stringify(expected)}`);
}

function rewriteErrors(code, keywords) {
  const checked = new Set();
  const out = code.replace(ERROR_OBJECT, (_m, path, keyword, params, message) => {
    if (!MESSAGE_KEYWORDS.has(keyword)) throw new Error(`ajv reports keyword "${keyword}"; add its message to MESSAGES`);
    keywords.add(keyword);
    const site = `${keyword}\0${params}\0${message}`;
    if (!checked.has(site)) {
      checked.add(site);
      checkMessage(code, keyword, params, message);
    }
    return `mkError(${path ?? 'instancePath'},"${keyword}",${params})`;
  });
  const left = out.match(/.{0,60}schemaPath.{0,60}/);
  if (left) throw new Error(`an error object of unknown shape is left: ${left[0]}`);
  return out;
}

function dropParentData(code) {
  const out = code
    .replaceAll('{instancePath="", parentData, parentDataProperty, rootData=data}={}', 'instancePath=""')
    .replaceAll('{instancePath,parentData,parentDataProperty,rootData}', 'instancePath')
    .replace(/\{instancePath:([^{}]+?),parentData:[\w$]+,parentDataProperty:(?:[\w$]+|"(?:[^"\\]|\\.)*"),rootData\}/g, '$1');
  const left = out.match(/.{0,60}\b(?:parentData|parentDataProperty|rootData)\b.{0,60}/);
  if (left) throw new Error(`a use of parentData/rootData is left: ${left[0]}`);
  return out;
}

/**
 * Replaces each `schemaN.path.to[1].value` that the code reads (error params: allowed values, types)
 * by the JSON of that value, then drops every `const schemaN = {...}` line.
 */
function inlineSchemaValues(code) {
  const schemas = new Map();
  let out = code.replace(/^const (schema\d+) = (.*);\n/gm, (_m, name, json) => {
    schemas.set(name, JSON.parse(json));
    return '';
  });
  out = out.replace(/\b(schema\d+)((?:\.[A-Za-z_$][\w$]*|\[\d+\])+)/g, (whole, name, path) => {
    let value = schemas.get(name);
    if (value === undefined) throw new Error(`unknown schema constant in ${whole}`);
    for (const [, key, index] of path.matchAll(/\.([\w$]+)|\[(\d+)\]/g)) value = value?.[key ?? Number(index)];
    if (value === undefined) throw new Error(`${whole} reads nothing`);
    return JSON.stringify(value);
  });
  const left = out.match(/.{0,60}\bschema\d+\b.{0,60}/);
  if (left) throw new Error(`a schema constant is still used: ${left[0]}`);
  return out;
}

/**
 * ajv appends errors with the same five lines at ~300 places (a sub-validator's errors, or one error
 * inside an `anyOf`); each becomes a call of `addErrors(list, more)`, which returns the new list.
 */
function shareErrorAppends(code) {
  const out = code
    .replace(/vErrors = vErrors === null \? ([\w$.]+)\.errors : vErrors\.concat\(\1\.errors\);/g, 'vErrors = addErrors(vErrors, $1.errors);')
    .replace(
      /^const (err\d+) = (mkError\(.*\));\nif\(vErrors === null\)\{\nvErrors = \[\1\];\n\}\nelse \{\nvErrors\.push\(\1\);\n\}\n/gm,
      'vErrors = addErrors(vErrors, [$2]);\n',
    );
  const left = out.match(/.{0,60}(?:vErrors === null|vErrors\.push).{0,60}/);
  if (left) throw new Error(`an error append of unknown shape is left: ${left[0]}`);
  return out;
}

const FUNCTION = /^function (validate\d+)\(data, instancePath=""\)\{\n([\s\S]*?^return errors === 0;\n)\}\n/gm;

/**
 * Merges functions whose bodies are the same once their own name is ignored, until none are left:
 * one merge can make two callers identical.
 */
function mergeDuplicates(code) {
  for (;;) {
    const seen = new Map();
    const alias = new Map();
    for (const [, name, body] of code.matchAll(FUNCTION)) {
      const key = body.replace(new RegExp(`\\b${name}\\b`, 'g'), '\0');
      const first = seen.get(key);
      if (first === undefined) seen.set(key, name);
      else alias.set(name, first);
    }
    if (alias.size === 0) return code;
    code = code.replace(FUNCTION, (whole, name) => (alias.has(name) ? '' : whole));
    code = code.replace(/\bvalidate\d+\b/g, (name) => alias.get(name) ?? name);
  }
}
