#!/usr/bin/env node
// Validations per second of a `tools/call` request and a `CallToolResult`: the precompiled
// validators of @mcpkit/schema against ajv compiling the official schema.json at run time (compiled
// once, then validating in the same kind of loop). Both run in this process, alternating, several
// repetitions; the table shows medians and the ratio. Build @mcpkit/schema first.
//
//   node bench/validation/run.mjs [--quick]
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { validateCallToolRequest, validateCallToolResult } from '@mcpkit/schema';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default;
const addFormats = require('ajv-formats').default;

const HERE = dirname(fileURLToPath(import.meta.url));

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
  'io.modelcontextprotocol/clientInfo': { name: 'bench-client', version: '1.0.0' },
};
/** A typical `tools/call` request and its result (shapes of the official examples). */
const CASES = [
  {
    name: 'tools/call request',
    def: 'CallToolRequest',
    ours: validateCallToolRequest,
    value: { jsonrpc: '2.0', id: 42, method: 'tools/call', params: { name: 'get_weather', arguments: { location: 'New York', units: 'metric' }, _meta: META } },
  },
  {
    name: 'CallToolResult',
    def: 'CallToolResult',
    ours: validateCallToolResult,
    value: {
      resultType: 'complete',
      content: [{ type: 'text', text: 'Current weather in New York: 72°F, partly cloudy' }],
      structuredContent: { temperature: 22.5, conditions: 'Partly cloudy', humidity: 65 },
      isError: false,
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'bench-server', version: '1.0.0' } },
    },
  },
];

/** The official 2026-07-28 schema (the repository's vendored copy, vendor/spec). */
function officialSchemaPath() {
  const file = join(resolve(HERE, '../../vendor/spec'), '2026-07-28', 'schema.json');
  if (!existsSync(file)) throw new Error(`official schema not found at ${file} (vendor/spec is part of the repository)`);
  return file;
}

/** Runs `validate(value)` in a loop for about `ms` milliseconds; returns validations per second. */
function rate(validate, value, ms) {
  let n = 0;
  let ok = 0;
  const deadline = process.hrtime.bigint() + BigInt(ms * 1e6);
  const started = process.hrtime.bigint();
  let now = started;
  while (now < deadline) {
    for (let i = 0; i < 1000; i++) if (validate(value)) ok++;
    n += 1000;
    now = process.hrtime.bigint();
  }
  if (ok !== n) throw new Error('a benchmark payload failed validation');
  return n / (Number(now - started) / 1e9);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Measures both validators on both cases. `quick` shortens each run (for CI smoke runs).
 * Resolves with `{ rows, reps, msPerRun, ajvCompileMs, oracle }`; each row has the medians in
 * validations per second and `ratio` = ours / ajv.
 */
export async function runValidationBench({ quick = false } = {}) {
  const reps = quick ? 3 : 7;
  const msPerRun = quick ? 100 : 500;
  const schemaFile = officialSchemaPath();
  const compileStarted = process.hrtime.bigint();
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addSchema({ ...JSON.parse(readFileSync(schemaFile, 'utf8')), $id: 'urn:official:2026-07-28' });
  const official = Object.fromEntries(CASES.map((c) => [c.def, ajv.getSchema(`urn:official:2026-07-28#/$defs/${c.def}`)]));
  const ajvCompileMs = Number(process.hrtime.bigint() - compileStarted) / 1e6;

  const rows = [];
  for (const c of CASES) {
    for (const validate of [c.ours, official[c.def]]) rate(validate, c.value, msPerRun / 2); // warm up
    const ours = [];
    const theirs = [];
    for (let rep = 0; rep < reps; rep++) {
      // Alternate the order so that neither side always runs on a warmer machine.
      if (rep % 2 === 0) {
        ours.push(rate(c.ours, c.value, msPerRun));
        theirs.push(rate(official[c.def], c.value, msPerRun));
      } else {
        theirs.push(rate(official[c.def], c.value, msPerRun));
        ours.push(rate(c.ours, c.value, msPerRun));
      }
    }
    const mine = median(ours);
    const ajvRate = median(theirs);
    rows.push({
      case: c.name,
      'mcpkit precompiled (validations/s)': Math.round(mine),
      'ajv run-time compiled (validations/s)': Math.round(ajvRate),
      ratio: Number((mine / ajvRate).toFixed(2)),
    });
  }
  return { rows, reps, msPerRun, ajvCompileMs: Math.round(ajvCompileMs), oracle: schemaFile };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const quick = process.argv.includes('--quick');
  const { rows, reps, msPerRun, ajvCompileMs } = await runValidationBench({ quick });
  console.log(`validation: median of ${reps} runs of ${msPerRun} ms each; ajv compiled the official schema in ${ajvCompileMs} ms`);
  console.table(rows);
}
