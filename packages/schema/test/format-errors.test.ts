// formatErrors: a short message a person can act on.
import { describe, expect, it } from 'vitest';
import * as modern from '../src/index.js';
import { formatErrors, validateCallToolRequest, validateLoggingLevel, validateTextContent } from '../src/index.js';

const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { _meta: meta, name: 'echo' } };

describe('formatErrors', () => {
  it('names the path and the problem', () => {
    expect(validateCallToolRequest({ ...call, params: { ...call.params, name: 7 } })).toBe(false);
    expect(formatErrors(validateCallToolRequest.errors)).toBe('/params/name: must be string');
  });

  it('shows the allowed values of a const or enum', () => {
    expect(validateCallToolRequest({ ...call, jsonrpc: '1.0' })).toBe(false);
    expect(formatErrors(validateCallToolRequest.errors)).toBe('/jsonrpc: must be equal to constant "2.0"');
    expect(validateLoggingLevel('loud')).toBe(false);
    expect(formatErrors(validateLoggingLevel.errors)).toContain('"debug"');
  });

  it('describes a wrong root value', () => {
    expect(validateTextContent('text')).toBe(false);
    expect(formatErrors(validateTextContent.errors)).toBe('(root): must be object');
  });

  it('caps the list and says how many more there were', () => {
    const errors = ['a', 'b', 'c', 'd', 'e'].map((p) => ({ instancePath: `/${p}`, schemaPath: '#', keyword: 'type', params: {}, message: 'must be string' }));
    expect(formatErrors(errors)).toBe('/a: must be string; /b: must be string; /c: must be string; and 2 more');
    expect(formatErrors(null)).toBe('no errors');
  });

  it('clears errors after a successful call', () => {
    expect(validateCallToolRequest({})).toBe(false);
    expect(validateCallToolRequest.errors).not.toBeNull();
    expect(validateCallToolRequest(call)).toBe(true);
    expect(validateCallToolRequest.errors).toBeNull();
  });

  it('the modern root entry has no legacy-only validators', () => {
    expect(modern).not.toHaveProperty('validateInitializeRequest');
    expect(modern).toHaveProperty('validateDiscoverRequest');
  });
});
