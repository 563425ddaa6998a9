// Errors of unions name the branch the input was meant for and report each problem once (README,
// "Errors of unions"); the verdicts stay those of the schema's `anyOf` (agreement.test.ts).
import { describe, expect, it } from 'vitest';
import {
  formatErrors,
  validateCallToolResult,
  validateCallToolResultResponse,
  validateClientRequest,
  validateContentBlock,
  validateElicitRequestParams,
  validateInputResponse,
} from '../src/index.js';

const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const request = (method: string, params: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id: 1, method, params: { _meta: meta, ...params } });

describe('a union decided by a tag (method, type)', () => {
  it('says a method is unknown, once, and names the close match', () => {
    expect(validateClientRequest(request('tools/cal', { name: 'echo' }))).toBe(false);
    expect(validateClientRequest.errors).toEqual([
      {
        instancePath: '/method',
        keyword: 'discriminator',
        params: { tag: 'method', tagValue: 'tools/cal', allowedValues: expect.arrayContaining(['tools/call', 'tools/list']) },
        message: 'unknown method "tools/cal"',
      },
    ]);
    expect(formatErrors(validateClientRequest.errors)).toBe('/method: unknown method "tools/cal" (did you mean "tools/call"?)');
  });

  it('reports only the errors of the branch the tag names', () => {
    expect(validateClientRequest(request('tools/call'))).toBe(false);
    expect(formatErrors(validateClientRequest.errors)).toBe("/params: must have required property 'name'");
    expect(validateClientRequest({ jsonrpc: '2.0', id: 1 })).toBe(false);
    expect(formatErrors(validateClientRequest.errors)).toBe("(root): must have required property 'method'");
  });

  it('reports a missing member of a content block once, for the block type it names', () => {
    expect(validateContentBlock({ type: 'image', mimeType: 'image/png' })).toBe(false);
    expect(validateContentBlock.errors).toEqual([
      { instancePath: '', keyword: 'required', params: { missingProperty: 'data' }, message: "must have required property 'data'" },
    ]);
    expect(
      validateCallToolResult({
        resultType: 'complete',
        content: [
          { type: 'text', text: 'a' },
          { type: 'audio', data: 5, mimeType: 'audio/wav' },
        ],
      }),
    ).toBe(false);
    expect(formatErrors(validateCallToolResult.errors)).toBe('/content/1/data: must be string');
    expect(validateContentBlock({ type: 'txt', text: 'a' })).toBe(false);
    expect(formatErrors(validateContentBlock.errors)).toBe('/type: unknown type "txt" (did you mean "text"?)');
  });

  it('keeps the verdict of the anyOf', () => {
    expect(validateClientRequest(request('tools/call', { name: 'echo' }))).toBe(true);
    expect(validateClientRequest.errors).toBeNull();
    expect(validateContentBlock({ type: 'text', text: 'hi' })).toBe(true);
  });
});

describe('a union no tag decides', () => {
  it('reports the InputRequiredResult branch for resultType input_required, the other one otherwise', () => {
    const response = (result: unknown) => ({ jsonrpc: '2.0', id: 1, result });
    expect(validateCallToolResultResponse(response({ resultType: 'input_required', inputRequests: 5 }))).toBe(false);
    expect(formatErrors(validateCallToolResultResponse.errors)).toBe('/result/inputRequests: must be object');
    expect(validateCallToolResultResponse(response({ resultType: 'complete', _meta: 5 }))).toBe(false);
    expect(formatErrors(validateCallToolResultResponse.errors)).toBe("/result: must have required property 'content'");
  });

  it('follows an optional tag (elicitation mode) and the members that are present', () => {
    expect(validateElicitRequestParams({ mode: 'url', message: 'go', elicitationId: 'e' })).toBe(false);
    expect(formatErrors(validateElicitRequestParams.errors)).toBe("(root): must have required property 'url'");
    expect(validateInputResponse({ action: 'accept', content: { a: { nested: true } } })).toBe(false);
    expect(validateInputResponse.errors?.every((e) => e.instancePath.startsWith('/content/a'))).toBe(true);
  });

  it('lists every branch, each problem once, when nothing tells them apart', () => {
    expect(validateInputResponse(42)).toBe(false);
    const errors = validateInputResponse.errors ?? [];
    expect(errors.map((e) => e.keyword)).toEqual(['type', 'anyOf']);
  });
});
