// The codegen steps on small inputs: each transformation and each check that must fail loudly.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { methodEntries } from './lib/catalogue.mjs';
import { errorCodeKey, errorCodes } from './lib/constants.mjs';
import { toDraft2020 } from './lib/json-schema.mjs';
import { readMcpTags } from './lib/mcp-tags.mjs';
import { staleFiles, writeFiles } from './lib/outputs.mjs';
import { stableStringify } from './lib/stable-json.mjs';
import { compactValidatorCode, runtimeModule } from './lib/compact-code.mjs';
import { generateValidators } from './lib/validators.mjs';

const work = mkdtempSync(join(tmpdir(), 'mcpkit-codegen-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('step 1: draft-07 → 2020-12', () => {
  it('renames definitions to $defs (refs too), turns tuples into prefixItems, drops @mcp keys, sorts keys', () => {
    const out = toDraft2020({
      definitions: {
        B: { type: 'object', properties: { a: { $ref: '#/definitions/A' } }, mcpResult: 'X', propertyOrder: ['a'] },
        A: { type: 'array', items: [{ type: 'string' }, { $ref: '#/definitions/B' }], additionalItems: { type: 'integer' } },
      },
    });
    expect(out).toEqual({
      $defs: {
        A: { items: { type: 'integer' }, prefixItems: [{ type: 'string' }, { $ref: '#/$defs/B' }], type: 'array' },
        B: { properties: { a: { $ref: '#/$defs/A' } }, type: 'object' },
      },
      $schema: 'https://json-schema.org/draft/2020-12/schema',
    });
    expect(Object.keys(out.$defs)).toEqual(['A', 'B']);
  });

  it('serializes deterministically', () => {
    expect(stableStringify({ b: 1, a: { d: [2, 1], c: null } })).toBe('{\n  "a": {\n    "c": null,\n    "d": [\n      2,\n      1\n    ]\n  },\n  "b": 1\n}\n');
  });
});

describe('step 2: validators', () => {
  const schema = (def: object) => ({ $schema: 'https://json-schema.org/draft/2020-12/schema', $defs: { T: def } });

  it('emits ESM with named exports, format and helper imports and no require()', () => {
    const { code, defNames } = generateValidators('test', schema({ type: 'string', format: 'uri' }));
    expect(defNames).toEqual(['T']);
    // From definitions/ or validators/ of a revision up to the package's dist/.
    expect(code).toContain(`import { uri as formats0 } from '${'../'.repeat(3)}formats.js';`);
    expect(code).toContain("import { mkError } from '../../validator-runtime.js';");
    expect(code).toMatch(/^function validateT\(data, instancePath=""\)\{$/m);
    expect(code).toMatch(/^export \{ validateT \};$/m);
    expect(code).not.toMatch(/require\(|__mcpFormats|"use strict"/);
  });

  it('refuses keywords and formats the generated code is not set up for', () => {
    expect(() => generateValidators('test', schema({ unevaluatedProperties: false }))).toThrow(/unevaluatedProperties/);
    expect(() => generateValidators('test', schema({ type: 'string', format: 'email' }))).toThrow(/format "email"/);
    expect(() => generateValidators('test', schema({ type: 'strin' }))).toThrow(/not valid JSON Schema 2020-12/);
  });

  /** Writes a generated module and the shared helpers beside it, and imports it. */
  async function load(code: string, name: string) {
    const dir = join(work, name, 'a', 'b');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(work, name, 'validator-runtime.js'), runtimeModule());
    writeFileSync(join(dir, 'validators.mjs'), code);
    const module = (await import(join(dir, 'validators.mjs'))) as Record<string, (((v: unknown) => boolean) & { errors?: unknown }) | undefined>;
    return (name: string) => {
      const validate = module[name];
      if (validate === undefined) throw new Error(`the module exports no ${name}`);
      return validate;
    };
  }

  it('compacts ajv output: one function per distinct definition, errors without schemaPath, same messages', async () => {
    const twin = { properties: { n: { type: 'integer', minimum: 0 } }, required: ['n'], type: 'object' };
    const { code } = generateValidators('test', {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: { A: twin, B: twin, C: { properties: { a: { $ref: '#/$defs/A' }, b: { $ref: '#/$defs/B' } }, type: 'object' } },
    });
    expect(code).not.toMatch(/schemaPath|parentData|rootData/);
    expect(code.match(/^function validate\w+\(/gm)).toEqual(['function validateA(', 'function validateC(']);
    expect(code).toContain('export { validateA, validateA as validateB, validateC };');
    const validateC = (await load(code, 'compacted'))('validateC');
    expect(validateC({ a: { n: 1 }, b: { n: 2 } })).toBe(true);
    expect(validateC({ a: { n: 1 }, b: { n: -1 } })).toBe(false);
    expect(validateC.errors).toEqual([{ instancePath: '/b/n', keyword: 'minimum', params: { comparison: '>=', limit: 0 }, message: 'must be >= 0' }]);
  });

  it('writes unions: a tag picks the branch, an unknown tag is one error, other unions report the branch meant', async () => {
    const member = (method: string, extra: object) => ({
      type: 'object',
      required: ['method', ...Object.keys(extra)],
      properties: { method: { const: method }, ...extra },
    });
    const { code } = generateValidators('test', {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: {
        A: member('a', { x: { type: 'string' } }),
        B: member('b', { y: { type: 'string' } }),
        U: { anyOf: [{ $ref: '#/$defs/A' }, { $ref: '#/$defs/B' }] },
        P: { type: 'object', properties: { u: { anyOf: [{ $ref: '#/$defs/A' }, { type: 'integer' }] } } },
      },
    });
    const exports = await load(code, 'unions');
    const validateU = exports('validateU');
    const validateP = exports('validateP');
    expect(validateU({ method: 'b', y: 'ok' })).toBe(true);
    expect(validateU({ method: 'b', y: 1 })).toBe(false);
    expect(validateU.errors).toEqual([{ instancePath: '/y', keyword: 'type', params: { type: 'string' }, message: 'must be string' }]);
    expect(validateU({ method: 'c' })).toBe(false);
    expect(validateU.errors).toEqual([
      { instancePath: '/method', keyword: 'discriminator', params: { tag: 'method', tagValue: 'c', allowedValues: ['a', 'b'] }, message: 'unknown method "c"' },
    ]);
    // An inline union (lifted to a function of its own) keeps the anyOf's verdict.
    expect(validateP({ u: 3 })).toBe(true);
    expect(validateP({ u: 'x' })).toBe(false);
    expect(validateP.errors).toEqual([
      { instancePath: '/u', keyword: 'type', params: { type: 'object' }, message: 'must be object' },
      { instancePath: '/u', keyword: 'type', params: { type: 'integer' }, message: 'must be integer' },
      { instancePath: '/u', keyword: 'anyOf', params: {}, message: 'must match a schema in anyOf' },
    ]);
  });

  it('fails on ajv output it does not know how to compact', () => {
    expect(() => compactValidatorCode('x = {instancePath,schemaPath:"#",keyword:"type",params:{a:{}},message:"m"};')).toThrow(/unknown shape/);
    expect(() => compactValidatorCode('x = [{instancePath,schemaPath:"#",keyword:"dependentRequired",params:{},message:"m"}];')).toThrow(/dependentRequired/);
    expect(() => compactValidatorCode('f(x, {instancePath, parentData: d});')).toThrow(/parentData/);
    // A message ajv writes differently from our helper (say, after an ajv upgrade) fails generation.
    expect(() => compactValidatorCode('x = [{instancePath,schemaPath:"#",keyword:"type",params:{type: "string"},message:"must be a string"}];')).toThrow(
      /writes "must be string" where ajv writes "must be a string"/,
    );
  });
});

describe('step 3: @mcp tags and the catalogue', () => {
  const file = join(work, 'tags.ts');
  writeFileSync(
    file,
    [
      '/**',
      ' * Asks.',
      ' * @mcpResult R',
      ' * @mcpName params.name',
      ' * @mcpCapability server.tools',
      ' * @mcpCapability client.tasks',
      ' */',
      'export interface Req { method: "x/do"; params: P }',
      '/** @mcpCapability server.tools.listChanged */',
      'export type Note = { method: "x/changed" };',
    ].join('\n'),
  );

  it('reads result, name and repeated capability tags', () => {
    expect(readMcpTags([file])).toEqual({
      Req: { mcpResult: 'R', mcpName: 'params.name', mcpCapability: ['server.tools', 'client.tasks'] },
      Note: { mcpCapability: ['server.tools.listChanged'] },
    });
  });

  it('rejects an unknown @mcp tag', () => {
    const bad = join(work, 'bad.ts');
    writeFileSync(bad, '/** @mcpResults R */\nexport interface Req {}\n');
    expect(() => readMcpTags([bad])).toThrow(/unknown tag @mcpResults on Req/);
  });

  const defs = {
    ClientRequest: { $ref: '#/$defs/Req' },
    Req: { properties: { method: { const: 'x/do' }, params: { $ref: '#/$defs/P' } } },
    P: { properties: { name: { type: 'string' }, inputResponses: {} }, required: ['name'] },
    R: { required: ['ttlMs'] },
  };

  it('derives direction, params, MRTR and caching from the schema', () => {
    const [entry] = methodEntries('t', { $defs: defs }, { Req: { mcpResult: 'R', mcpName: 'params.name', mcpCapability: ['server.tools'] } });
    expect(entry).toEqual({
      method: 'x/do',
      kind: 'request',
      direction: 'client-to-server',
      params: 'P',
      result: 'R',
      inputRequired: true,
      cacheable: true,
      mcpName: 'name',
      capability: { side: 'server', path: ['tools'] },
      capabilities: [{ side: 'server', path: ['tools'] }],
    });
  });

  it('fails on a request without @mcpResult, a bad @mcpName or a malformed capability', () => {
    expect(() => methodEntries('t', { $defs: defs }, {})).toThrow(/Req: request without @mcpResult/);
    expect(() => methodEntries('t', { $defs: defs }, { Req: { mcpResult: 'R', mcpName: 'params.uri' } })).toThrow(/not a required param/);
    expect(() => methodEntries('t', { $defs: defs }, { Req: { mcpResult: 'Nope' } })).toThrow(/Nope is not a \$defs entry/);
    expect(() => methodEntries('t', { $defs: defs }, { Req: { mcpResult: 'R', mcpCapability: ['tools'] } })).toThrow(/must look like/);
  });
});

describe('step 4: constants', () => {
  it('names error codes the way JSON-RPC and the brief do', () => {
    expect(['ParseError', 'InternalError', 'InvalidRequestError', 'HeaderMismatchError', 'URLElicitationRequiredError'].map(errorCodeKey)).toEqual([
      'ParseError',
      'InternalError',
      'InvalidRequest',
      'HeaderMismatch',
      'UrlElicitationRequired',
    ]);
  });

  it('fails when the hand-kept table repeats a code the schema now declares', () => {
    const defs = { ResourceNotFoundError: { properties: { error: { allOf: [{}, { properties: { code: { const: -32002 } } }] } } } };
    expect(() => errorCodes('2025-11-25', defs)).toThrow(/ResourceNotFound \(-32002\) is in the schema now/);
  });
});

describe('--check bookkeeping', () => {
  it('lists missing, changed and no-longer-generated files, and writeFiles repairs them', () => {
    const root = join(work, 'repo');
    mkdirSync(join(root, 'gen'), { recursive: true });
    writeFileSync(join(root, 'gen', 'same.txt'), 'same');
    writeFileSync(join(root, 'gen', 'changed.txt'), 'old');
    writeFileSync(join(root, 'gen', 'extra.txt'), 'left over');
    const files = new Map([
      ['gen/same.txt', 'same'],
      ['gen/changed.txt', 'new'],
      ['gen/sub/new.txt', 'new file'],
    ]);
    expect(staleFiles(files, ['gen'], root)).toEqual([
      { path: 'gen/changed.txt', reason: 'out of date' },
      { path: 'gen/extra.txt', reason: 'no longer generated' },
      { path: 'gen/sub/new.txt', reason: 'missing' },
    ]);
    expect(writeFiles(files, ['gen'], root)).toHaveLength(3);
    expect(staleFiles(files, ['gen'], root)).toEqual([]);
    expect(readFileSync(join(root, 'gen', 'sub', 'new.txt'), 'utf8')).toBe('new file');
  });
});
