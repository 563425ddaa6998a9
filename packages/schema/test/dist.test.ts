// The built package as a consumer sees it: every `exports` subpath from ESM and CommonJS, and
// bundles of the main entry that keep only the validators a program imports.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGE_DIR } from './helpers/spec.js';

/** Runs a script in a fresh node process inside the package (self-reference resolves `@mcpkit/schema`). */
function node(args: string[], code: string): string {
  const run = spawnSync(process.execPath, [...args, code], { cwd: PACKAGE_DIR, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return run.stdout.trim();
}

const TOOL_CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'echo', _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
});

describe('exports', () => {
  it('ESM: root, both revisions, lookups and the JSON Schemas', () => {
    const out = node(
      ['--input-type=module', '-e'],
      `
      import * as root from '@mcpkit/schema';
      import * as modern from '@mcpkit/schema/2026-07-28';
      import * as legacy from '@mcpkit/schema/2025-11-25';
      import { validatorFor } from '@mcpkit/schema/2025-11-25/lookup';
      import { validatorFor as modernFor } from '@mcpkit/schema/2026-07-28/lookup';
      import { readFileSync } from 'node:fs';
      import { createRequire } from 'node:module';
      const schema = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@mcpkit/schema/json/2026-07-28.schema.json'), 'utf8'));
      console.log(JSON.stringify([
        root.validateCallToolRequest(${TOOL_CALL}), root.validateCallToolRequest === modern.validateCallToolRequest,
        root.catalogue['tools/call'].result, legacy.ErrorCode.UrlElicitationRequired, typeof validatorFor('InitializeRequest'),
        typeof modernFor('InitializeRequest'), Object.keys(schema.$defs).length, root.formatErrors(null),
      ]));`,
    );
    expect(JSON.parse(out)).toEqual([true, true, 'CallToolResult', -32042, 'function', 'undefined', 155, 'no errors']);
  });

  it('CommonJS: the same entries through require', () => {
    const out = node(
      ['-e'],
      `
      const root = require('@mcpkit/schema');
      const legacy = require('@mcpkit/schema/2025-11-25');
      const { validatorFor } = require('@mcpkit/schema/2026-07-28/lookup');
      const schema = require('@mcpkit/schema/json/2025-11-25.schema.json');
      const ok = root.validateCallToolRequest(${TOOL_CALL});
      const bad = root.validateCallToolRequest({});
      console.log(JSON.stringify([ok, bad, root.formatErrors(root.validateCallToolRequest.errors), legacy.HEADER_SESSION_ID,
        validatorFor('CallToolResult') === root.validateCallToolResult, Object.keys(schema.$defs).length]));`,
    );
    expect(JSON.parse(out)).toEqual([true, false, "(root): must have required property 'id'", 'Mcp-Session-Id', true, 145]);
  });
});

describe('the validator modules', () => {
  it('ESM: the group entries, the core entry and loadValidator agree with the root entry', () => {
    const out = node(
      ['--input-type=module', '-e'],
      `
      import * as root from '@mcpkit/schema';
      import { catalogue, ErrorCode } from '@mcpkit/schema/2026-07-28/core';
      import { loadValidator } from '@mcpkit/schema/2026-07-28/load';
      import { validateCallToolRequestParams } from '@mcpkit/schema/2026-07-28/validators/requests';
      import { validateTool } from '@mcpkit/schema/2026-07-28/validators/primitives';
      import { validateCallToolResult } from '@mcpkit/schema/2026-07-28/validators/results';
      import { validateInitializeRequest } from '@mcpkit/schema/2025-11-25/validators/requests';
      import { loadValidator as legacyLoad } from '@mcpkit/schema/2025-11-25/load';
      console.log(JSON.stringify([
        validateCallToolRequestParams === root.validateCallToolRequestParams, validateTool === root.validateTool,
        (await loadValidator(catalogue['tools/call'].result)) === validateCallToolResult, await loadValidator('Nope') === undefined,
        typeof (await legacyLoad('InitializeRequest')), typeof validateInitializeRequest, ErrorCode.InvalidParams,
      ]));`,
    );
    expect(JSON.parse(out)).toEqual([true, true, true, true, 'function', 'function', -32602]);
  });

  it('CommonJS: loadValidator requires only the module asked for; the core entry loads no validator', () => {
    const out = node(
      ['-e'],
      `
      const core = require('@mcpkit/schema/2026-07-28/core');
      const { loadValidator } = require('@mcpkit/schema/2026-07-28/load');
      const { validateCallToolRequestParams } = require('@mcpkit/schema/2026-07-28/validators/requests');
      const loaded = () => Object.keys(require.cache).map((f) => f.split(/[\\\\/]/)).filter((p) => p.at(-2) === 'validators').map((p) => p.at(-1)).sort();
      const before = loaded();
      loadValidator('CallToolResult').then((v) => {
        const root = require('@mcpkit/schema');
        console.log(JSON.stringify([before, v === root.validateCallToolResult, typeof validateCallToolRequestParams, typeof core.catalogue]));
      });`,
    );
    expect(JSON.parse(out)).toEqual([['requests.cjs'], true, 'function', 'object']);
  });
});

describe('tree-shaking', () => {
  async function bundle(source: string): Promise<{ min: number; gzip: number }> {
    const result = await esbuild.build({
      stdin: { contents: source, resolveDir: PACKAGE_DIR },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'neutral',
      write: false,
      logLevel: 'error',
    });
    const code = result.outputFiles[0]!.contents;
    return { min: code.length, gzip: gzipSync(code).length };
  }

  it('a bundle importing one validator keeps a small fraction of the validators', async () => {
    const one = await bundle("import { validateCallToolRequest } from '@mcpkit/schema'; console.log(validateCallToolRequest);");
    const all = await bundle("import * as schema from '@mcpkit/schema'; console.log(schema);");
    const legacyToo = await bundle("import * as a from '@mcpkit/schema'; import * as b from '@mcpkit/schema/2025-11-25'; console.log(a, b);");
    console.info(
      `[tree-shaking] validateCallToolRequest only: ${one.min} B min, ${one.gzip} B gzip; ` +
        `whole root entry: ${all.min} B min, ${all.gzip} B gzip; both revisions: ${legacyToo.min} B min, ${legacyToo.gzip} B gzip`,
    );
    expect(one.min * 5).toBeLessThan(all.min);
    expect(all.min * 1.5).toBeLessThan(legacyToo.min);
  });

  it('importing constants or the catalogue pulls in no validator', async () => {
    const constants = await bundle("import { ErrorCode, catalogue } from '@mcpkit/schema'; console.log(ErrorCode, catalogue);");
    expect(constants.min).toBeLessThan(10_000);
    const core = await bundle("import { ErrorCode, catalogue } from '@mcpkit/schema/2026-07-28/core'; console.log(ErrorCode, catalogue);");
    expect(core.min).toBeLessThan(10_000);
  });

  it('a group entry keeps only the validators imported from it', async () => {
    const one = await bundle("import { validateCallToolRequest } from '@mcpkit/schema'; console.log(validateCallToolRequest);");
    const group = await bundle(
      "import { validateCallToolRequest } from '@mcpkit/schema/2026-07-28/validators/requests'; console.log(validateCallToolRequest);",
    );
    expect(group.min).toBeLessThanOrEqual(one.min);
  });
});

describe('type declarations', () => {
  const work = mkdtempSync(join(tmpdir(), 'mcpkit-schema-consumer-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('a TypeScript consumer gets the wire types, narrowing validators and typed constants', { timeout: 120_000 }, () => {
    mkdirSync(join(work, 'node_modules', '@mcpkit'), { recursive: true });
    symlinkSync(PACKAGE_DIR, join(work, 'node_modules', '@mcpkit', 'schema'), 'dir');
    writeFileSync(
      join(work, 'consumer.ts'),
      [
        "import { catalogue, ErrorCode, formatErrors, validateCallToolRequest, type CallToolRequest, type MethodInfo } from '@mcpkit/schema';",
        "import { validateInitializeRequest, type InitializeRequest } from '@mcpkit/schema/2025-11-25';",
        "import { validatorFor } from '@mcpkit/schema/2026-07-28/lookup';",
        'declare const input: unknown;',
        'if (validateCallToolRequest(input)) { const name: string = input.params.name; const req: CallToolRequest = input; void name; void req; }',
        'if (validateInitializeRequest(input)) { const init: InitializeRequest = input; void init.params.protocolVersion; }',
        'const code: -32022 = ErrorCode.UnsupportedProtocolVersion;',
        "const info: MethodInfo = catalogue['tools/call'];",
        'const message: string = formatErrors(validateCallToolRequest.errors);',
        "const maybe = validatorFor('Tool');",
        'void code; void info; void message; void maybe;',
        '// @ts-expect-error: not a method of 2026-07-28',
        "void catalogue['initialize'];",
        '',
      ].join('\n'),
    );
    const compilerOptions = { strict: true, noEmit: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', types: [] };
    writeFileSync(join(work, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['consumer.ts'] }));
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const run = spawnSync(process.execPath, [tsc, '-p', join(work, 'tsconfig.json')], { encoding: 'utf8' });
    expect(run.stdout).toBe('');
    expect(run.status).toBe(0);
  });
});
