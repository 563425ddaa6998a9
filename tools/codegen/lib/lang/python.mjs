// Python: the package `lang/python` (`mcpkit_schema`, standard library only). quicktype's
// dataclasses leave absent optionals out already, but their `from_dict` keeps only declared
// members and cannot tell an explicit `null` from an absent member. So every class gets an
// `additional_properties` field that `from_dict` fills with the other members (and the explicit
// nulls) and `to_dict` writes back; each module stays standalone (the two helpers are inlined).
import { snakeRevision } from '../paths.mjs';
import { applyRules } from '../rewrite.mjs';

const HELPERS = `

def _unknown_members(obj: dict, known: tuple) -> Dict[str, Any]:
    """Members a class does not declare, and declared ones sent as null (kept to be written back)."""
    return {k: v for k, v in obj.items() if k not in known or v is None}


def _with_unknown_members(result: dict, members: Dict[str, Any]) -> dict:
    for k, v in members.items():
        if k not in result:
            result[k] = v
    return result
`;

function rewriteClass(label, name, body) {
  const fromDict = /^ {4}@staticmethod\n {4}def from_dict\(obj: Any\) -> '\w+':\n((?: {8}.*\n)+)/m.exec(body);
  if (!fromDict) throw new Error(`codegen: ${label}: class ${name} has no from_dict of the expected shape`);
  const known = [...fromDict[1].matchAll(/obj\.get\("((?:[^"\\]|\\.)*)"\)/g)].map((m) => `"${m[1]}"`);
  const tuple = known.length === 0 ? '()' : `(${known.join(', ')}${known.length === 1 ? ',' : ''})`;
  const construct = new RegExp(`^( {8}return ${name}\\()(.*)\\)$`, 'm');
  if (!construct.test(fromDict[1])) throw new Error(`codegen: ${label}: ${name}.from_dict does not end with return ${name}(...)`);
  const newFromDict = fromDict[0].replace(
    construct,
    (line, start, args) => `${start}${args}${args ? ', ' : ''}additional_properties=_unknown_members(obj, ${tuple}))`,
  );
  const returns = body.match(/^ {8}return result$/gm) ?? [];
  if (returns.length !== 1) throw new Error(`codegen: ${label}: ${name}.to_dict has ${returns.length} 'return result' lines`);
  return body
    .replace(
      fromDict[0],
      [
        '    additional_properties: Dict[str, Any] = field(default_factory=dict)',
        '    """Members not declared above (and explicit nulls), kept as received and written back."""',
        '',
        newFromDict,
      ].join('\n'),
    )
    .replace(/^ {8}return result$/m, '        return _with_unknown_members(result, self.additional_properties)');
}

function postProcess(text, rev) {
  const label = `python ${rev}`;
  return applyRules(label, text, [
    { name: 'import dataclasses.field', pattern: /^from dataclasses import dataclass$/gm, replace: 'from dataclasses import dataclass, field' },
    { name: 'inline the unknown-member helpers', pattern: /^EnumT = TypeVar\("EnumT", bound=Enum\)\n/gm, replace: (line) => `${line}${HELPERS}` },
    {
      name: 'classes keep undeclared members and explicit nulls',
      pattern: /^@dataclass\nclass (\w+):\n((?:(?: {4}.*)?\n)+?)(?=\n\S|\n*(?![\s\S]))/gm,
      min: 50,
      replace: (whole, name, body) => `@dataclass\nclass ${name}:\n${rewriteClass(label, name, body)}`,
    },
  ]);
}

export const python = {
  lang: 'python',
  file: (rev) => `python/mcpkit_schema/mcp_${snakeRevision(rev)}.py`,
  options: () => ({ 'python-version': '3.7' }),
  postProcess,
};
