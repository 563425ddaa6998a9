// The JSON Schema files as published (json/*.schema.json, in the npm tarball): each has a versioned
// `$id` and a `title`, and Ajv in its default strict mode compiles every definition of every file
// without a warning, given the formats the schema uses (ajv-formats has all three; README: "JSON
// Schema"). Compiled that way they accept every official example and refuse the strictness cases.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refusalCorpus } from './bindings/corpus.js';
import { examples, PACKAGE_DIR } from './helpers/spec.js';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020') as typeof import('ajv/dist/2020').default;
const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;

const FILES = ['2026-07-28.schema.json', '2025-11-25.schema.json', 'extensions/tasks.schema.json', 'extensions/skills.schema.json'];
type Schema = { $id: string; $schema: string; title: string; $defs: Record<string, unknown> };
const read = (file: string) => JSON.parse(readFileSync(join(PACKAGE_DIR, 'json', file), 'utf8')) as Schema;

/** Ajv with its defaults (strict mode on) and ajv-formats, every file added; warnings collected. */
function defaultAjv() {
  const warnings: string[] = [];
  const ajv = new Ajv2020({
    logger: { log: () => {}, warn: (...args: unknown[]) => warnings.push(args.join(' ')), error: (...args: unknown[]) => warnings.push(args.join(' ')) },
  });
  addFormats(ajv);
  for (const file of FILES) ajv.addSchema(read(file));
  return { ajv, warnings };
}

describe('published JSON Schema files', () => {
  it.each(FILES)('%s has a versioned $id and a title', (file) => {
    const schema = read(file);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(`https://unpkg.com/@mcpkit/schema/json/${file}`);
    expect(schema.title).toMatch(
      file.startsWith('extensions/') ? /^MCP extension io\.modelcontextprotocol\/\w+ \(on 2026-07-28\) messages$/ : /^MCP \d{4}-\d\d-\d\d messages$/,
    );
    if (!file.startsWith('extensions/')) expect(schema.title).toContain(file.replace('.schema.json', ''));
  });

  it('compile, every definition of every file, in Ajv’s default strict mode without a warning', () => {
    const { ajv, warnings } = defaultAjv();
    let compiled = 0;
    for (const file of FILES) {
      const schema = read(file);
      for (const name of Object.keys(schema.$defs)) {
        expect(ajv.getSchema(`${schema.$id}#/$defs/${name}`), `${file} ${name}`).toBeTypeOf('function');
        compiled++;
      }
    }
    expect(warnings).toEqual([]);
    expect(compiled).toBe(155 + 145 + 81 + 28);
  });

  it('use no union type arrays and only the formats ajv-formats provides (uri, uri-template, byte)', () => {
    const formats = new Set<string>();
    for (const file of FILES) {
      const text = JSON.stringify(read(file));
      expect(text, file).not.toMatch(/"type":\[/);
      for (const [, format] of text.matchAll(/"format":"([^"]+)"/g)) formats.add(format!);
    }
    expect([...formats].sort()).toEqual(['byte', 'uri', 'uri-template']);
    // Without the formats, strict mode refuses the schema: the README says to add them.
    expect(() => new Ajv2020().compile(read(FILES[0]!))).not.toThrow();
    expect(() => new Ajv2020().addSchema(read(FILES[0]!)).getSchema(`${read(FILES[0]!).$id}#/$defs/Implementation`)).toThrow(/unknown format "uri"/);
  });

  it('so compiled, accept every official example and refuse the strictness cases the schema refuses', () => {
    const { ajv } = defaultAjv();
    const id = read(FILES[0]!).$id;
    for (const example of examples()) expect(ajv.validate(`${id}#/$defs/${example.type}`, example.value), example.name).toBe(true);
    for (const rev of ['2026-07-28', '2025-11-25'] as const) {
      for (const item of refusalCorpus(rev)) {
        expect(ajv.validate(`${read(`${rev}.schema.json`).$id}#/$defs/${item.type}`, item.value), `${rev} ${item.name}`).toBe(!item.bySchema);
      }
    }
  });
});
