// Kotlin: a source set under `lang/kotlin` for Jackson 2 (`jackson-databind` only). quicktype's
// Jackson framework relies on jackson-module-kotlin (not packaged by Debian): it builds data classes
// through that module's constructor detection and reads values with its reified helpers. So the
// post-processing replaces the module: each data class gets a `@JsonCreator` constructor whose
// parameters name their JSON members, the two reified helpers are defined in the file, and the
// map-shaped classes get the no-argument constructor Jackson needs. Every data class also keeps the
// members it does not declare (`@JsonAnySetter`/`@JsonAnyGetter`), a free-form `Any?` member becomes
// a `JsonNode?` (an explicit `null` is a `NullNode` and is written back), and so does a member the
// schema allows to be `null` (2025-11-25 `Task.ttl`).
import { compactRevision } from '../paths.mjs';
import { applyRules, normalizeName } from '../rewrite.mjs';
import { nullableProperties } from './shared.mjs';

const HELPERS = `
// What jackson-module-kotlin would provide: reading a value whose (generic) type the caller states.
private inline fun <reified T> ObjectMapper.readValue(json: String): T = readValue(json, object : TypeReference<T>() {})

private inline fun <reified T> ObjectMapper.treeToValue(node: JsonNode): T = convertValue(node, object : TypeReference<T>() {})

private fun textOf(node: JsonNode): String =
    if (node.isTextual) node.asText() else throw IllegalArgumentException("expected a string, got " + node.nodeType.name.toLowerCase())
`;

/** Mapper settings: no conversion between strings, numbers and booleans; no input echoed in messages. */
const STRICT = [
  '    configure(MapperFeature.ALLOW_COERCION_OF_SCALARS, false)',
  '    configure(DeserializationFeature.ACCEPT_FLOAT_AS_INT, false)',
  '    configure(JsonParser.Feature.INCLUDE_SOURCE_IN_LOCATION, false)',
  '    for (shape in listOf(CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.Boolean)) {',
  '        coercionConfigFor(LogicalType.Textual).setCoercion(shape, CoercionAction.Fail)',
  '    }',
  '    coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)',
  '',
].join('\n');

const ANY_MEMBERS = [
  '    /** Members not declared above, kept as received and written back. */',
  '    @get:JsonAnyGetter',
  '    val additionalProperties: MutableMap<String, Any?> = LinkedHashMap()',
  '',
  '    @JsonAnySetter',
  '    private fun setAdditionalProperty(name: String, value: Any?) {',
  '        additionalProperties[name] = value',
  '    }',
];

/** Rewrites the parameter lines of one data class (KDoc, an optional annotation line, then `val`). */
function rewriteParameters(label, className, lines, nullable) {
  const out = [];
  let annotation;
  for (const line of lines) {
    if (/^ {4}@/.test(line)) {
      annotation = line;
      continue;
    }
    const param = /^ {4}val (\w+|`[^`]+`): (.+?)( = null)?(,?)$/.exec(line);
    if (!param) {
      if (annotation) throw new Error(`codegen: ${label}: ${className}: annotation not followed by a parameter`);
      out.push(line);
      continue;
    }
    const [, name, type, defaultNull = '', comma] = param;
    const named = annotation && /^ {4}@get:JsonProperty\("((?:[^"\\]|\\.)*)"/.exec(annotation);
    const json = named ? named[1] : name.replaceAll('`', '');
    const required = Boolean(annotation && /required=true/.test(annotation));
    const property = `JsonProperty("${json}"${required ? ', required=true' : ''})`;
    const include = required && type.endsWith('?') ? '@get:JsonInclude(JsonInclude.Include.ALWAYS)' : '';
    // required=true on the creator parameter: a missing member is refused by its JSON name.
    out.push(`    @param:${property}@get:${property}@field:${property}${include}`);
    // A JsonNode? keeps an explicit null (NullNode) apart from an absent member (null).
    const tree = type === 'Any?' || nullable.has(normalizeName(json));
    out.push(`    val ${name}: ${tree ? 'JsonNode?' : type}${defaultNull}${comma}`);
    annotation = undefined;
  }
  return out;
}

function rewriteDataClass(label, name, params, close, nullable) {
  const body = close === ') {' ? ') {\n' + ANY_MEMBERS.join('\n') + '\n' : ') {\n' + ANY_MEMBERS.join('\n') + '\n}';
  return `data class ${name} @JsonCreator constructor (\n${rewriteParameters(label, name, params.replace(/\n$/, '').split('\n'), nullable).join('\n')}\n${body}`;
}

function postProcess(text, rev, schema) {
  const label = `kotlin ${rev}`;
  const nullable = nullableProperties(schema);
  return applyRules(label, text, [
    {
      name: 'no jackson-module-kotlin import; TypeReference imported',
      pattern: /^import com\.fasterxml\.jackson\.module\.kotlin\.\*\n/gm,
      replace:
        'import com.fasterxml.jackson.core.type.TypeReference\n' +
        'import com.fasterxml.jackson.databind.cfg.CoercionAction\n' +
        'import com.fasterxml.jackson.databind.cfg.CoercionInputShape\n' +
        'import com.fasterxml.jackson.databind.type.LogicalType\n',
    },
    {
      name: 'reified helpers defined in the file',
      pattern: /^(@Suppress\("UNCHECKED_CAST"\)\nprivate fun <T> ObjectMapper\.convert)/gm,
      replace: `${HELPERS.trimStart()}\n$1`,
    },
    {
      name: 'a plain ObjectMapper: tolerant of unknown members, nulls inside maps kept, strict scalars',
      pattern: /^val mapper = jacksonObjectMapper\(\)\.apply \{\n(.*\n)? {4}setSerializationInclusion\(JsonInclude\.Include\.NON_NULL\)\n/gm,
      replace: (whole, naming = '') =>
        'val mapper: ObjectMapper = ObjectMapper().apply {\n' +
        naming +
        '    configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)\n' +
        '    setDefaultPropertyInclusion(JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.ALWAYS))\n' +
        STRICT,
    },
    {
      // it.asText() turns a number into its digits; an enum member must be a JSON string.
      name: 'enum members read only from strings',
      pattern: /\{ (\w+)\.fromValue\(it\.asText\(\)\) \}/g,
      min: 10,
      replace: (whole, type) => `{ ${type}.fromValue(textOf(it)) }`,
    },
    {
      name: 'enum refusals say what was expected',
      pattern:
        /^( {8}fun fromValue\(value: String\): \w+ = when \(value\) \{\n)((?: {12}".*" +-> \w+\n)+)( {12}else +-> )throw IllegalArgumentException\(\)$/gm,
      min: 10,
      replace: (whole, head, cases, other) => {
        const values = [...cases.matchAll(/^ {12}(".*?") +->/gm)].map((m) => m[1]);
        return `${head}${cases}${other}throw IllegalArgumentException(${JSON.stringify(`expected one of ${values.join(', ')}, got `).replaceAll('$', '\\$')} + "\\"" + value + "\\"")`;
      },
    },
    {
      name: 'union refusals say what came',
      pattern: /^( {8}fun fromJson\(jn: JsonNode\): (\w+) = when \(jn\) \{\n(?: {12}.*\n)*? {12}else +-> )throw IllegalArgumentException\(\)$/gm,
      replace: (whole, head, type) => `${head}throw IllegalArgumentException("not a valid ${type}: " + jn.nodeType.name.toLowerCase())`,
    },
    {
      name: 'data classes: @JsonCreator constructor naming every member, undeclared members kept',
      pattern: /^data class (\w+) \(\n((?:.*\n)*?)(\) \{|\))$/gm,
      min: 50,
      replace: (whole, name, params, close) => rewriteDataClass(label, name, params, close, nullable),
    },
    {
      name: 'map-shaped classes get the no-argument constructor Jackson needs',
      pattern: /^(class \w+\(elements: Map<.*>\) : HashMap<.*>\(elements\) \{\n)/gm,
      replace: '$1    constructor() : this(HashMap())\n\n',
    },
  ]);
}

export const kotlin = {
  lang: 'kotlin',
  file: (rev) => `kotlin/src/main/kotlin/mcp/v${compactRevision(rev)}/Mcp${compactRevision(rev)}.kt`,
  options: (rev) => ({ package: `mcp.v${compactRevision(rev)}`, framework: 'jackson' }),
  postProcess,
};
