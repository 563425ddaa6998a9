// C#: the project `lang/csharp` for Newtonsoft.Json in C# 6 syntax (quicktype's `NewtonSoft`
// framework, `csharp-version` 6), which Debian's mono-mcs compiles. Post-processing: quicktype
// declares `Serialize.ToJson` twice for types that share a C# type (CS0111); its classes drop
// members they do not declare (they get a `[JsonExtensionData]` dictionary); and a free-form
// `object` member is written as `null` when absent and dropped when it was an explicit `null`
// (it becomes a `JToken`, which Newtonsoft reads as a JSON null token, and is skipped when unset).
import { compactRevision } from '../paths.mjs';
import { applyRules } from '../rewrite.mjs';

function dedupeSerialize(block) {
  const seen = new Set();
  return block
    .split('\n')
    .filter((line) => {
      if (!/public static string ToJson\(this /.test(line)) return true;
      if (seen.has(line)) return false;
      seen.add(line);
      return true;
    })
    .join('\n');
}

function postProcess(text, rev) {
  const label = `csharp ${rev}`;
  return applyRules(label, text, [
    {
      name: 'one Serialize.ToJson per C# type (CS0111)',
      pattern: /^ {4}public static class Serialize\n {4}\{\n(?:.*\n)*? {4}\}\n/gm,
      replace: dedupeSerialize,
    },
    {
      name: 'free-form members are JToken, left out when unset',
      pattern: /^( {8})\[JsonProperty\("((?:[^"\\]|\\.)*)"\)\]\n {8}public object (\w+) \{ get; set; \}$/gm,
      replace: (line, indent, json, name) =>
        `${indent}[JsonProperty("${json}", NullValueHandling = NullValueHandling.Ignore)]\n${indent}public JToken ${name} { get; set; }`,
    },
    {
      name: 'classes keep undeclared members',
      pattern: /^ {4}public partial class (\w+)\n {4}\{\n((?:.*\n)*?) {4}\}\n/gm,
      min: 50,
      replace: (whole, name, body) => {
        if (/ FromJson\(string json\)/.test(body)) return whole;
        return [
          `    public partial class ${name}`,
          '    {',
          `${body}${body.trim() ? '\n' : ''}        /// <summary>`,
          '        /// Members not declared above, kept as received and written back.',
          '        /// </summary>',
          '        [JsonExtensionData]',
          '        public IDictionary<string, JToken> AdditionalProperties { get; set; } = new Dictionary<string, JToken>();',
          '    }',
          '',
        ].join('\n');
      },
    },
    {
      name: 'using Newtonsoft.Json.Linq',
      pattern: /^ {4}using Newtonsoft\.Json;\n/gm,
      replace: (line) => `${line}    using Newtonsoft.Json.Linq;\n`,
    },
  ]);
}

export const csharp = {
  lang: 'csharp',
  file: (rev) => `csharp/Mcp${compactRevision(rev)}.cs`,
  options: (rev) => ({ namespace: `Mcp.V${compactRevision(rev)}`, framework: 'NewtonSoft', 'csharp-version': '6' }),
  postProcess,
};
