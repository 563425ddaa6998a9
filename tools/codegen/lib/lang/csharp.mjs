// C#: the project `lang/csharp` for Newtonsoft.Json in C# 6 syntax (quicktype's `NewtonSoft`
// framework, `csharp-version` 6, `check-required`), which Debian's mono-mcs compiles. Decoding is
// strict: the hand-written Strict.cs reads scalars only from JSON of their kind, and enum and union
// converters throw its DecodeException with the member's path. Post-processing: quicktype
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
      // Required.DisallowNull is Newtonsoft 8; with 6.0.8 an optional member is read with the default.
      name: 'no Required.DisallowNull (Newtonsoft 6)',
      pattern: /, Required = Required\.DisallowNull(?=[,)])/g,
      min: 100,
      replace: '',
    },
    {
      // Any JSON, null included: optional ones are left out when unset, required ones must be present.
      name: 'free-form members are JToken, left out when unset',
      pattern:
        /^( {8})\[JsonProperty\("((?:[^"\\]|\\.)*)"(, Required = Required\.\w+)?(?:, NullValueHandling = NullValueHandling\.Ignore)?\)\]\n {8}public object (\w+) \{ get; set; \}$/gm,
      replace: (line, indent, json, required, name) =>
        required === ', Required = Required.Always'
          ? `${indent}[JsonProperty("${json}", Required = Required.AllowNull)]\n${indent}public JToken ${name} { get; set; }`
          : `${indent}[JsonProperty("${json}", NullValueHandling = NullValueHandling.Ignore)]\n${indent}public JToken ${name} { get; set; }`,
    },
    {
      // Newtonsoft converts between strings, numbers and booleans; the schema does not.
      name: 'strict scalars first among the converters',
      pattern: /^( {12})Converters =\n {12}\{\n/gm,
      replace: (whole, indent) => `${whole}${indent}    global::Mcpkit.Schema.StrictScalarConverter.Singleton,\n`,
    },
    {
      name: 'refusals name the path',
      pattern: /^( +)throw new Exception\("Cannot unmarshal type (\w+)"\);$/gm,
      min: 10,
      replace: (line, indent, type) => `${indent}throw global::Mcpkit.Schema.DecodeException.At(reader, "Not a valid ${type}.");`,
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
  // check-required: a missing required member and a null where the schema allows none are refused.
  options: (rev) => ({ namespace: `Mcp.V${compactRevision(rev)}`, framework: 'NewtonSoft', 'csharp-version': '6', 'check-required': 'true' }),
  postProcess,
};
