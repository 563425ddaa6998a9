// The validation baseline the issue names: ajv compiling the official 2026-07-28 schema.json at run time.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readSpecJson } from '../../lib/spec.mjs';

export const label = 'ajv 8, official schema compiled at run time';

/** Compiles the two validators; `compileMs` is what a process pays for that at start-up. */
export async function createValidators() {
  const t0 = performance.now();
  const schema = readSpecJson('2026-07-28/schema.json');
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addFormat('uri-template', true);
  ajv.addSchema(schema, 'mcp');
  const callToolRequest = ajv.getSchema('mcp#/$defs/CallToolRequest');
  const callToolResult = ajv.getSchema('mcp#/$defs/CallToolResult');
  const compileMs = performance.now() - t0;
  return { callToolRequest: (v) => callToolRequest(v), callToolResult: (v) => callToolResult(v), compileMs };
}
