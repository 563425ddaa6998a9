// Every official 2026-07-28 example is an instance of `#/$defs/<Type>` (its folder name) and must
// validate with our precompiled validator of that type.
// spec: 2026-07-28/examples/ (see vendor/spec/SOURCE.md); spec: 2026-07-28/pages/basic/index.mdx
import { describe, expect, it } from 'vitest';
import { formatErrors } from '../src/format-errors.js';
import { validatorFor } from '../src/lookup/2026-07-28.js';
import { validateCallToolRequest, validateJSONRPCMessage } from '../src/index.js';
import { examples } from './helpers/spec.js';

const all = examples();

describe('official 2026-07-28 examples', () => {
  it('are all present (129 files)', () => {
    expect(all).toHaveLength(129);
  });

  it.each(all.map((e) => [e.name, e] as const))('%s validates against its own type', (_name, example) => {
    const validate = validatorFor(example.type);
    expect(validate, `no validator for ${example.type}`).toBeDefined();
    const ok = validate!(example.value);
    expect(ok, formatErrors(validate!.errors)).toBe(true);
    expect(validate!.errors).toBeNull();
  });

  it('every example that is a JSON-RPC message also validates as JSONRPCMessage', () => {
    const messages = all.filter((e) => (e.value as { jsonrpc?: unknown }).jsonrpc === '2.0');
    expect(messages.length).toBeGreaterThan(30);
    for (const e of messages) expect(validateJSONRPCMessage(e.value), e.name).toBe(true);
  });

  it('a tools/call request without a tool name is rejected with a readable reason', () => {
    const request = all.find((e) => e.type === 'CallToolRequest')!.value as { params: Record<string, unknown> };
    const broken = { ...request, params: { ...request.params, name: undefined } };
    delete broken.params.name;
    expect(validateCallToolRequest(broken)).toBe(false);
    expect(formatErrors(validateCallToolRequest.errors)).toBe("/params: must have required property 'name'");
  });
});
