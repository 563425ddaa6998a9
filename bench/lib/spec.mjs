// Where the normative 2026-07-28 schema and examples live: the repository's vendored copy
// (vendor/spec, see its SOURCE.md).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The vendored spec folder (holding `2026-07-28/schema.json`), or null when it is missing. */
export function specDir() {
  const dir = fileURLToPath(new URL('../../vendor/spec/', import.meta.url));
  return existsSync(`${dir}2026-07-28/schema.json`) ? dir : null;
}

/** Reads a JSON file under the spec folder. */
export function readSpecJson(relative) {
  const dir = specDir();
  if (!dir) throw new Error('vendor/spec not found: it is part of the repository (re-vendor with tools/spec/refresh.mjs)');
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
