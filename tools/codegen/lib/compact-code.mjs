// Step 2b: makes ajv's standalone output smaller without changing a verdict or an error a user sees.
// ajv writes, at each of its ~1,300 failure sites, a full error object with a `schemaPath` string and
// an English `message`, passes `parentData`/`parentDataProperty`/`rootData` (used only by `$data` and
// dynamic refs, which MCP schemas do not use) to every sub-validator, and compiles a definition once
// as an export and again as the target of each `$ref`. Here the error objects become calls of one
// `mkError(instancePath, keyword, params)` that writes the same message at failure time, the
// sub-validators take the instance path alone, the few schema values an error reports are written
// where they are reported (ajv keeps ~900 schema objects at module level, built at import), and
// identical functions are merged.
// Every rewrite is checked: generation fails if ajv's output has a shape this file does not know.

/** The helper every failure site calls; ajv 8's English messages for the keywords it may report. */
export const ERROR_HELPER = `function mkError(instancePath, keyword, params) {
  return { instancePath, keyword, params, message: errorMessage(keyword, params) };
}

function errorMessage(keyword, params) {
  switch (keyword) {
    case "type": return "must be " + params.type;
    case "required": return "must have required property '" + params.missingProperty + "'";
    case "const": return "must be equal to constant";
    case "enum": return "must be equal to one of the allowed values";
    case "anyOf": return "must match a schema in anyOf";
    case "oneOf": return "must match exactly one schema in oneOf";
    case "format": return 'must match format "' + params.format + '"';
    case "minimum": case "maximum": case "exclusiveMinimum": case "exclusiveMaximum":
      return "must be " + params.comparison + " " + params.limit;
    case "minItems": case "maxItems":
      return "must NOT have " + (keyword === "maxItems" ? "more" : "fewer") + " than " + params.limit + " item" + (params.limit === 1 ? "" : "s");
    case "minLength": case "maxLength":
      return "must NOT have " + (keyword === "maxLength" ? "more" : "fewer") + " than " + params.limit + " character" + (params.limit === 1 ? "" : "s");
    case "additionalProperties": return "must NOT have additional properties";
    case "pattern": return 'must match pattern "' + params.pattern + '"';
    default: return 'must pass "' + keyword + '" keyword validation';
  }
}`;

/** Keywords `errorMessage` knows; an error site of any other keyword fails generation. */
export const MESSAGE_KEYWORDS = new Set(['type', 'required', 'const', 'enum', 'anyOf', 'oneOf', 'format', 'minimum', 'maximum',
  'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'minLength', 'maxLength', 'additionalProperties', 'pattern']);

const STRING = String.raw`"(?:[^"\\]|\\.)*"`;
const ERROR_OBJECT = new RegExp(
  String.raw`\{instancePath(?::([^{}]+?))?,schemaPath:${STRING},keyword:"(\w+)",params:(\{[^{}]*\}),message:(?:${STRING}|\+|[\w$.]+)+\}`,
  'g',
);

/** Applies every rewrite to ajv's standalone module body; throws when one does not apply cleanly. */
export function compactValidatorCode(code) {
  if (/\bmkError\b|\berrorMessage\b/.test(code)) throw new Error('generated code already uses the name mkError or errorMessage');
  let body = rewriteErrors(code);
  body = dropParentData(body);
  body = inlineSchemaValues(body);
  body = mergeDuplicates(body);
  return `${ERROR_HELPER}\n\n${body}`;
}

function rewriteErrors(code) {
  const out = code.replace(ERROR_OBJECT, (_m, path, keyword, params) => {
    if (!MESSAGE_KEYWORDS.has(keyword)) throw new Error(`ajv reports keyword "${keyword}"; add its message to ERROR_HELPER`);
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
