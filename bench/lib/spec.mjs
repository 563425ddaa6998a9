// Where the normative 2026-07-28 schema and examples live: shared/spec beside the repository (as CI lays it out),
// or MCPKIT_SPEC_DIR.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The spec folder (holding `2026-07-28/schema.json`), or null when it cannot be found. */
export function specDir() {
  const candidates = [
    process.env.MCPKIT_SPEC_DIR,
    fileURLToPath(new URL('../../../shared/spec/', import.meta.url)),
    fileURLToPath(new URL('../../shared/spec/', import.meta.url)),
  ].filter(Boolean);
  return candidates.find((dir) => existsSync(`${dir.replace(/\/?$/, '/')}2026-07-28/schema.json`))?.replace(/\/?$/, '/') ?? null;
}

/** Reads a JSON file under the spec folder. */
export function readSpecJson(relative) {
  const dir = specDir();
  if (!dir) throw new Error('shared/spec not found (set MCPKIT_SPEC_DIR)');
  return JSON.parse(readFileSync(`${dir}${relative}`, 'utf8'));
}

/** The instances scenario 6 validates: the spec's own examples, and one broken copy of each that must be rejected. */
export function validationSamples() {
  const request = readSpecJson('2026-07-28/examples/CallToolRequest/call-tool-request.json');
  const result = readSpecJson('2026-07-28/examples/CallToolResult/result-with-unstructured-text.json');
  const badRequest = structuredClone(request);
  badRequest.params.name = 42;
  const badResult = structuredClone(result);
  badResult.content = [{ type: 'text' }];
  return { request, result, badRequest, badResult };
}
