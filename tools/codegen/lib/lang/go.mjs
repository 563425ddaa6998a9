// Go: one package per revision in the module `lang/go`. quicktype's `omit-empty` leaves absent
// optional fields out, but encoding/json also drops an optional map or slice that is present and
// empty (`"roots": {}` is a declared capability), has nowhere to keep members a struct does not
// declare, and checks no required member. So every struct gets an AdditionalProperties map and
// MarshalJSON/UnmarshalJSON methods that delegate to the module's jsonopen package (omit only what
// is nil, keep every other member, refuse a missing required member, a null where the schema allows
// none and a value of the wrong type, naming its JSON Pointer); every string enum refuses a value it
// does not list; `JSONValue` (any JSON) becomes a struct, so it has `Marshal()` like every type. The
// result is laid out as gofmt would (gofmt.mjs).
import { applyRules } from '../rewrite.mjs';
import { missingAliases, nullableProperties } from './shared.mjs';
import { compactRevision } from '../paths.mjs';
import { normalizeName } from '../rewrite.mjs';
import { repository } from '../repository.mjs';
import { gofmtLayout } from './gofmt.mjs';

/** The module path: the repository's host and path, then the module's folder (the one constant). */
export const GO_MODULE = goModulePath();

/** The module path for the repository metadata under `root`. */
export function goModulePath(root) {
  const { path, directory } = repository(root);
  return `${path}/${directory}/lang/go`;
}

const goPackage = (rev) => `mcp${compactRevision(rev)}`;

const declaredTypes = (text) => [...text.matchAll(/^type (\w+) /gm)].map((m) => m[1]);

const JSON_VALUE = [
  '// JSONValue is any JSON value: Value holds what encoding/json decodes into an interface{},',
  '// numbers as json.Number (which keeps their exact digits).',
  'type JSONValue struct {',
  '\tValue interface{}',
  '}',
  '',
  'func (r JSONValue) MarshalJSON() ([]byte, error) {',
  '\treturn json.Marshal(r.Value)',
  '}',
  '',
  'func (r *JSONValue) UnmarshalJSON(data []byte) error {',
  '\treturn jsonopen.Any(data, &r.Value)',
  '}',
  '',
].join('\n');

function postProcess(text, rev, schema) {
  const label = `go ${rev}`;
  const nullable = nullableProperties(schema);
  const interfaces = [...text.matchAll(/^type (\w+) interface\{\}$/gm)].map((m) => m[1]);
  if (interfaces.some((name) => name !== 'JSONValue')) throw new Error(`codegen: ${label}: interface types other than JSONValue: ${interfaces}`);
  const used = [...text.matchAll(/^func Unmarshal\w+\(data \[\]byte\) \((\w+), error\) \{$/gm)].map((m) => m[1]);
  const aliases = missingAliases({
    label,
    schema,
    used,
    declared: declaredTypes(text),
    alias: (name, target, defName) => ({ name, text: `// ${name} is ${target}: the schema gives ${defName} the same shape.\ntype ${name} = ${target}\n` }),
  });
  const methodless = aliases.map((a) => a.name);
  const processed = applyRules(label, text, [
    {
      // A method on an alias would be a second Marshal of the aliased type (which has one).
      name: 'no Marshal method on aliases',
      pattern: new RegExp(
        `\\nfunc \\(r \\*(?:${methodless.join('|') || '(?!)'})\\) Marshal\\(\\) \\(\\[\\]byte, error\\) \\{\\n\\treturn json\\.Marshal\\(r\\)\\n\\}\\n`,
        'g',
      ),
      min: methodless.length,
      replace: '',
    },
    {
      // An interface type cannot have methods: JSONValue becomes a struct holding the value.
      name: 'JSONValue is a struct with Marshal()',
      pattern: /^type JSONValue interface\{\}\n/gm,
      min: interfaces.length,
      replace: JSON_VALUE,
    },
    {
      // quicktype writes Unmarshal/Marshal helpers for a merged definition's name without declaring it.
      name: 'declare merged top-level names as aliases',
      pattern: /^import "encoding\/json"\n/gm,
      replace: (line) => `${line}\n${aliases.map((a) => a.text).join('\n')}`,
    },
    {
      name: 'import jsonopen',
      pattern: /^import "encoding\/json"\n/gm,
      replace: (line) => `${line}import "${GO_MODULE}/internal/jsonopen"\n`,
    },
    {
      // encoding/json accepts any string for a string type: each enum checks its values.
      name: 'string enums refuse values they do not list',
      pattern: /^type (\w+) string\n\nconst \(\n((?:\t\w+ +\w+ += ".*"\n)+)\)\n/gm,
      min: 10,
      replace: (whole, name, specs) => {
        const values = [...specs.matchAll(/= (".*")$/gm)].map((m) => m[1]);
        return [
          whole,
          `func (r *${name}) UnmarshalJSON(data []byte) error {`,
          `\treturn jsonopen.Enum(data, (*string)(r), ${values.join(', ')})`,
          '}',
          '',
        ].join('\n');
      },
    },
    {
      // Structs with json tags are the schema's objects (union wrappers have no tags and their own methods).
      name: 'structs keep undeclared members and empty objects',
      pattern: /^type (\w+) struct \{\n((?:.*\n)*?)\}\n/gm,
      min: 50,
      replace: (whole, name, body) => {
        if (!/`json:"/.test(body)) return whole;
        // A required member the schema lets be null (2025-11-25 Task.ttl) is tagged for jsonopen.
        const fields = body.replace(/`json:"(\w+)"`/g, (tag, json) => (nullable.has(normalizeName(json)) ? `\`json:"${json},nullable"\`` : tag));
        return [
          `type ${name} struct {`,
          `${fields}\t// Members not declared above (and explicit nulls of free-form members), kept as received and written back.`,
          '\tAdditionalProperties map[string]json.RawMessage `json:"-"`',
          '}',
          '',
          `func (r ${name}) MarshalJSON() ([]byte, error) {`,
          '\treturn jsonopen.Marshal(&r, r.AdditionalProperties)',
          '}',
          '',
          `func (r *${name}) UnmarshalJSON(data []byte) error {`,
          '\treturn jsonopen.Unmarshal(data, r, &r.AdditionalProperties)',
          '}',
          '',
        ].join('\n');
      },
    },
  ]);
  return gofmtLayout(processed);
}

export const go = {
  lang: 'go',
  file: (rev) => `go/${goPackage(rev)}/mcp.go`,
  options: (rev) => ({ package: goPackage(rev), 'omit-empty': 'true' }),
  // The Go renderer ignores leadingComments; Go tools look for "Code generated ... DO NOT EDIT.".
  header: (rev) => `// Code generated by tools/codegen from json/${rev}.schema.json with quicktype. DO NOT EDIT.\n\n`,
  postProcess,
};
