// Rust: the crate `lang/rust` (serde, serde_json). quicktype's `skip-serializing-none` leaves most
// absent `Option`s out, but not free-form `Option<serde_json::Value>` fields (those would be written
// as `null`), it cannot tell an explicit `null` from an absent member, and serde drops members a
// struct does not declare. So every struct gets a flattened `additional_properties` map, every
// `Option` field is skipped when `None`, free-form fields keep an explicit `null` as
// `Some(Value::Null)`, and a property the schema allows to be `null` becomes `Option<Option<T>>`.
import { snakeRevision } from '../paths.mjs';
import { applyRules, normalizeName } from '../rewrite.mjs';
import { missingAliases, nullableProperties } from './shared.mjs';

const SKIP = '#[serde(skip_serializing_if = "Option::is_none")]';
// Written the way rustfmt lays out an attribute whose arguments are too long for one line.
const multiline = (args) => ['#[serde(', ...args.map((arg, i) => `    ${arg}${i < args.length - 1 ? ',' : ''}`), ')]'];
const FREE_FORM = multiline(['default', 'skip_serializing_if = "Option::is_none"', 'deserialize_with = "crate::open::present"']);
const NULLABLE = multiline(['default', 'skip_serializing_if = "Option::is_none"', 'with = "crate::open::nullable"']);

/** Rewrites the fields of one struct body (quicktype: doc lines, attribute lines, then `pub name: Type,`). */
function rewriteFields(body, nullable, counts) {
  const lines = body.split('\n');
  const out = [];
  let attributes = [];
  for (const line of lines) {
    const field = /^ {4}pub (\w+): (Option<(.*)>),$/.exec(line);
    if (/^ {4}#\[serde\(/.test(line)) {
      attributes.push(line);
      continue;
    }
    if (field) {
      const [, name, , inner] = field;
      const kept = attributes.filter((a) => a.trim() !== SKIP);
      if (inner === 'serde_json::Value') {
        out.push(...kept, ...FREE_FORM.map((l) => `    ${l}`), line);
        counts.freeForm++;
      } else if (nullable.has(normalizeName(name))) {
        out.push(...kept, ...NULLABLE.map((l) => `    ${l}`), `    pub ${name}: Option<Option<${inner}>>,`);
        counts.nullable++;
      } else {
        out.push(...attributes.filter((a) => a.trim() !== SKIP), `    ${SKIP}`, line);
        if (!attributes.some((a) => a.trim() === SKIP)) counts.skipAdded++;
      }
    } else {
      out.push(...attributes, line);
    }
    attributes = [];
  }
  return out.join('\n');
}

function postProcess(text, rev, schema) {
  const label = `rust ${rev}`;
  const nullable = nullableProperties(schema);
  const counts = { freeForm: 0, nullable: 0, skipAdded: 0, boxed: 0 };
  const declared = [...text.matchAll(/^pub (?:struct|enum|type) (\w+)/gm)].map((m) => m[1]);
  const structs = new Set([...text.matchAll(/^pub struct (\w+)/gm)].map((m) => m[1]));
  const aliases = missingAliases({
    label,
    schema,
    used: Object.keys(schema.$defs).filter((def) => !declared.some((name) => normalizeName(name) === normalizeName(def))),
    declared,
    alias: (name, target, defName) => `/// ${defName} has the shape of ${target}.\npub type ${name} = ${target};\n`,
    skipUnmatched: true,
  });
  const processed = applyRules(label, text, [
    {
      name: 'structs keep undeclared members; Options skipped when None; explicit nulls kept',
      pattern: /^pub struct (\w+) \{\n((?:.*\n)*?)\}\n/gm,
      min: 50,
      replace: (whole, name, body) =>
        [
          `pub struct ${name} {`,
          rewriteFields(body.replace(/\n$/, ''), nullable, counts),
          '    /// Members not declared above, kept as received and written back.',
          '    #[serde(flatten)]',
          '    pub additional_properties: HashMap<String, serde_json::Value>,',
          '}',
          '',
        ].join('\n'),
    },
    {
      // A struct beside a string or an array in one enum makes every value as large as the struct
      // (clippy's large_enum_variant): the struct is boxed (serde reads and writes Box<T> as T).
      name: 'struct variants of mixed untagged enums boxed',
      pattern: /^(#\[serde\(untagged\)\]\npub enum \w+ \{\n)((?: {4}\w+\(.*\),\n)+)(\})$/gm,
      replace: (whole, head, variants, close) => {
        const types = [...variants.matchAll(/^ {4}\w+\((.*)\),$/gm)].map((m) => m[1]);
        const isStruct = (type) => structs.has(type);
        if (!types.some(isStruct) || types.every(isStruct)) return whole;
        counts.boxed++;
        return `${head}${variants.replace(/^( {4}\w+\()(\w+)(\),)$/gm, (line, start, type, end) => (isStruct(type) ? `${start}Box<${type}>${end}` : line))}${close}`;
      },
    },
    {
      // rustfmt sorts the names inside braces.
      name: 'serde imports in rustfmt order',
      pattern: /^use serde::\{Serialize, Deserialize\};\n/gm,
      replace: 'use serde::{Deserialize, Serialize};\n',
    },
    {
      name: 'declare names quicktype merged into a type of the same shape',
      pattern: /^use std::collections::HashMap;\n/gm,
      replace: (line) => `${line}\n${aliases.join('\n')}`,
    },
  ]);
  // Counted while rewriting: each kind of field the rule exists for must still occur.
  if (counts.freeForm === 0) throw new Error(`codegen: ${label}: no Option<serde_json::Value> field found; quicktype's output changed shape`);
  if (counts.boxed === 0) throw new Error(`codegen: ${label}: no untagged enum mixes a struct with other values; quicktype's output changed shape`);
  if (nullable.size > 0 && counts.nullable === 0) throw new Error(`codegen: ${label}: no field for the nullable properties ${[...nullable]}`);
  return processed;
}

export const rust = {
  lang: 'rust',
  file: (rev) => `rust/src/mcp_${snakeRevision(rev)}.rs`,
  options: () => ({ density: 'dense', 'derive-debug': 'true', 'skip-serializing-none': 'true' }),
  // A module's own documentation (`//!`); quicktype's `///` would document the first `use`.
  header: (rev, header) => `//! ${header}\n\n`,
  postProcess,
};
