// Python: the package `lang/python` (`mcpkit_schema`, standard library only). quicktype's
// dataclasses check their input with `assert`s, which name no member and vanish under `python -O`
// (a string then decodes as a list of characters); their `from_dict` keeps only declared members and
// cannot tell an explicit `null` from an absent member. So the helpers quicktype emits are replaced by
// those of the hand-written `mcpkit_schema/_decoding.py` (each check raises DecodeError with the JSON
// Pointer of the member), every member is read through `_required`/`_optional` (a missing required
// member, or a `null` the schema does not allow, is refused by name), and every class gets an
// `additional_properties` field that `from_dict` fills with the other members (and the explicit
// nulls of free-form members) and `to_dict` writes back.
import { snakeRevision } from '../paths.mjs';
import { applyRules, normalizeName } from '../rewrite.mjs';
import { nullableProperties } from './shared.mjs';

/** The helpers of templates/python/mcpkit_schema/_decoding.py that stand in for quicktype's. */
export const DECODING_HELPERS = [
  'from_bool',
  'from_dict',
  'from_float',
  'from_int',
  'from_list',
  'from_none',
  'from_str',
  'from_union',
  'to_class',
  'to_enum',
  'to_float',
];
const OWN_HELPERS = ['expect_object', 'optional', 'required', 'unknown_members', 'with_unknown_members'];

/** The import that replaces quicktype's helper block (helpers it did not use are not imported). */
function importLine(used) {
  const names = ['DecodeError', ...DECODING_HELPERS.filter((name) => used.includes(name)), ...OWN_HELPERS.map((name) => `${name} as _${name}`)];
  return `from ._decoding import (\n${names.map((n) => `    ${n},\n`).join('')})\n`;
}

/** The declared fields of a dataclass body: name → whether it has a default (quicktype's optional members). */
function declaredFields(label, name, body) {
  const fields = new Map();
  let inDocstring = false;
  for (const line of body.split('\n')) {
    if (/^ {4}@staticmethod$/.test(line)) break;
    const quotes = (line.match(/"""/g) ?? []).length;
    if (!inDocstring) {
      const field = /^ {4}(\w+): .+?( = None)?$/.exec(line);
      if (field && quotes === 0) fields.set(field[1], Boolean(field[2]));
    }
    if (quotes % 2 === 1) inDocstring = !inDocstring;
  }
  if (fields.size === 0 && !/^ {4}pass$/m.test(body) && /obj\.get\(/.test(body)) throw new Error(`codegen: ${label}: class ${name}: no fields found`);
  return fields;
}

/** `a, lambda x: f(x, y), b` → its three items (commas inside brackets do not split). */
function splitTopLevel(list) {
  const items = [''];
  let depth = 0;
  for (const char of list) {
    if ('([{'.includes(char)) depth++;
    if (')]}'.includes(char)) depth--;
    if (char === ',' && depth === 0) items.push('');
    else items[items.length - 1] += char;
  }
  return items.map((item) => item.trim());
}

/**
 * One line of a from_dict, `<var> = <expression reading obj.get("<key>")>`, read through the checks:
 * a required member must be present; an optional one may be absent, and is `null` only where the
 * schema allows it (free-form members, nullable ones).
 */
function rewriteMember(label, className, line, fields, nullable) {
  const m = /^( {8})(\w+) = (.*)$/.exec(line);
  if (!m) return line;
  const [, indent, variable, expression] = m;
  const gets = [...expression.matchAll(/obj\.get\("((?:[^"\\]|\\.)*)"\)/g)];
  if (gets.length !== 1) throw new Error(`codegen: ${label}: ${className}.from_dict reads ${gets.length} members in one line: ${line}`);
  if (!fields.has(variable)) throw new Error(`codegen: ${label}: ${className}.from_dict assigns ${variable}, which the class does not declare`);
  const key = gets[0][1];
  const optional = fields.get(variable);
  if (expression === `obj.get("${key}")`) {
    // Free-form: any JSON, null included (an explicit null is also kept by _unknown_members).
    return optional ? line : `${indent}${variable} = _required(obj, "${key}", lambda v: v)`;
  }
  let decoder;
  const union = /^from_union\(\[(.*)\], obj\.get\("(?:[^"\\]|\\.)*"\)\)$/.exec(expression);
  const call = /^([\w.]+)\(obj\.get\("(?:[^"\\]|\\.)*"\)\)$/.exec(expression);
  const applied = /^(from_list|from_dict)\((.*), obj\.get\("(?:[^"\\]|\\.)*"\)\)$/.exec(expression);
  if (union) {
    // quicktype lists `from_none` last for an optional member; the schema allows null only where it says so.
    let alternatives = union[1];
    if (optional && alternatives.endsWith(', from_none') && !nullable.has(normalizeName(key))) alternatives = alternatives.slice(0, -', from_none'.length);
    decoder = splitTopLevel(alternatives).length === 1 ? alternatives : `lambda v: from_union([${alternatives}], v)`;
  } else if (call) {
    decoder = call[1];
  } else if (applied) {
    decoder = `lambda v: ${applied[1]}(${applied[2]}, v)`;
  } else {
    throw new Error(`codegen: ${label}: ${className}.from_dict: unexpected member expression: ${line}`);
  }
  return `${indent}${variable} = _${optional ? 'optional' : 'required'}(obj, "${key}", ${decoder})`;
}

function rewriteClass(label, name, body, nullable) {
  const fromDict = /^ {4}@staticmethod\n {4}def from_dict\(obj: Any\) -> '\w+':\n((?: {8}.*\n)+)/m.exec(body);
  if (!fromDict) throw new Error(`codegen: ${label}: class ${name} has no from_dict of the expected shape`);
  const fields = declaredFields(label, name, body);
  const known = [...fromDict[1].matchAll(/obj\.get\("((?:[^"\\]|\\.)*)"\)/g)].map((m) => `"${m[1]}"`);
  const tuple = known.length === 0 ? '()' : `(${known.join(', ')}${known.length === 1 ? ',' : ''})`;
  const construct = new RegExp(`^( {8}return ${name}\\()(.*)\\)$`, 'm');
  if (!construct.test(fromDict[1])) throw new Error(`codegen: ${label}: ${name}.from_dict does not end with return ${name}(...)`);
  const lines = fromDict[1].replace(/\n$/, '').split('\n');
  if (lines[0] !== '        assert isinstance(obj, dict)') throw new Error(`codegen: ${label}: ${name}.from_dict does not start by checking for an object`);
  const newBody = [
    '        obj = _expect_object(obj)',
    ...lines
      .slice(1)
      .map((line) =>
        construct.test(line)
          ? line.replace(construct, (l, start, args) => `${start}${args}${args ? ', ' : ''}additional_properties=_unknown_members(obj, ${tuple}))`)
          : rewriteMember(label, name, line, fields, nullable),
      ),
  ].join('\n');
  const newFromDict = `    @staticmethod\n    def from_dict(obj: Any) -> '${name}':\n${newBody}\n`;
  const returns = body.match(/^ {8}return result$/gm) ?? [];
  if (returns.length !== 1) throw new Error(`codegen: ${label}: ${name}.to_dict has ${returns.length} 'return result' lines`);
  return body
    .replace(
      fromDict[0],
      [
        '    additional_properties: Dict[str, Any] = field(default_factory=dict)',
        '    """Members not declared above (and explicit nulls of free-form members), kept as received and written back."""',
        '',
        newFromDict,
      ].join('\n'),
    )
    .replace(/^ {8}return result$/m, '        return _with_unknown_members(result, self.additional_properties)');
}

function postProcess(text, rev, schema) {
  const label = `python ${rev}`;
  const nullable = nullableProperties(schema);
  const processed = applyRules(label, text, [
    { name: 'import dataclasses.field', pattern: /^from dataclasses import dataclass$/gm, replace: 'from dataclasses import dataclass, field' },
    {
      // quicktype's helpers check with `assert` (gone under -O, and naming no member): use _decoding's.
      name: "quicktype's helpers replaced by mcpkit_schema._decoding",
      pattern: /^T = TypeVar\("T"\)\nEnumT = TypeVar\("EnumT", bound=Enum\)\n\n\n((?:def \w+\(.*\n(?: {4}.*\n)+\n\n)+)/gm,
      replace: (whole, block) => {
        const used = [...block.matchAll(/^def (\w+)\(/gm)].map((m) => m[1]);
        const unknown = used.filter((name) => !DECODING_HELPERS.includes(name));
        if (unknown.length) throw new Error(`codegen: ${label}: quicktype emitted helpers _decoding.py does not provide: ${unknown.join(', ')}`);
        return `${importLine(used)}\n\n`;
      },
    },
    {
      name: 'classes check every member and keep undeclared members',
      pattern: /^@dataclass\nclass (\w+):\n((?:(?: {4}.*)?\n)+?)(?=\n\S|\n*(?![\s\S]))/gm,
      min: 50,
      replace: (whole, name, body) => `@dataclass\nclass ${name}:\n${rewriteClass(label, name, body, nullable)}`,
    },
  ]);
  const assertLine = /^\s*assert\b.*$/m.exec(processed);
  if (assertLine) throw new Error(`codegen: ${label}: an assert is left (python -O would skip it): ${assertLine[0]}`);
  return processed;
}

export const python = {
  lang: 'python',
  file: (rev) => `python/mcpkit_schema/mcp_${snakeRevision(rev)}.py`,
  options: () => ({ 'python-version': '3.7' }),
  postProcess,
};
