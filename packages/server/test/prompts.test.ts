import { describe, expect, it, vi } from 'vitest';
import { createServer, prompt, resourceTemplate } from '../src/index.js';
import { failure, quiet, result } from './helpers.js';

const onError = vi.fn();
const server = createServer({
  info: { name: 'p', version: '1' },
  prompts: [
    prompt({
      name: 'code_review',
      title: 'Request Code Review',
      description: 'Review code',
      arguments: [{ name: 'code', description: 'The code', required: true }, { name: 'language' }],
      complete: { language: (value) => ['python', 'pytorch', 'pyside', 'rust'].filter((l) => l.startsWith(value)) },
      handler: ({ code, language }) => ({
        description: 'Code review prompt',
        messages: [{ role: 'user', content: { type: 'text', text: `Please review this ${language ?? 'code'}:\n${code}` } }],
      }),
    }),
    prompt({
      name: 'broken',
      handler: () => {
        throw new Error('secret path /etc/app/config.yml');
      },
    }),
    prompt({
      name: 'many',
      arguments: [{ name: 'x' }],
      complete: { x: () => Array.from({ length: 150 }, (_, i) => `v${i}`) },
      handler: () => ({ messages: [] }),
    }),
  ],
  resourceTemplates: [
    resourceTemplate({
      uriTemplate: 'repo://{owner}/{name}',
      name: 'repo',
      complete: { name: (v, { arguments: args }) => (args.owner === 'acme' ? ['anvil', 'rocket'] : []).filter((n) => n.startsWith(v)) },
      read: () => ({ contents: [] }),
    }),
  ],
  ...quiet,
  onError,
});

describe('prompts/get', () => {
  // spec: 2026-07-28/pages/server/prompts.mdx ("Getting a Prompt")
  it('renders a prompt with its arguments', async () => {
    const res = await result(server, 'prompts/get', { name: 'code_review', arguments: { code: 'x = 1', language: 'python' } });
    expect(res).toMatchObject({
      resultType: 'complete',
      description: 'Code review prompt',
      messages: [{ role: 'user', content: { type: 'text', text: 'Please review this python:\nx = 1' } }],
    });
  });

  // spec: 2026-07-28/pages/server/prompts.mdx ("Error Handling": invalid name and missing required arguments → -32602)
  it('answers an unknown prompt with -32602', async () => {
    expect(await failure(server, 'prompts/get', { name: 'invalid_prompt_name' })).toEqual({ code: -32602, message: 'Unknown prompt: invalid_prompt_name' });
  });

  it('answers missing required arguments with -32602 naming them', async () => {
    const error = await failure(server, 'prompts/get', { name: 'code_review', arguments: { language: 'go' } });
    expect(error).toMatchObject({ code: -32602, message: expect.stringContaining('code'), data: { missing: ['code'] } });
  });

  it('refuses non-string argument values with -32602', async () => {
    expect((await failure(server, 'prompts/get', { name: 'code_review', arguments: { code: 1 } })).code).toBe(-32602);
  });

  // spec: 2026-07-28/pages/server/prompts.mdx ("Internal errors: -32603"); no stack or message leaks to the peer
  it('answers a failing handler with -32603 without leaking its message, and reports it to onError', async () => {
    const error = await failure(server, 'prompts/get', { name: 'broken' });
    expect(error).toEqual({ code: -32603, message: 'Internal error' });
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'secret path /etc/app/config.yml' }),
      expect.objectContaining({ method: 'prompts/get' }),
    );
    // The server keeps serving.
    expect((await result(server, 'prompts/list')).prompts).toHaveLength(3);
  });

  it('lists prompts with their arguments', async () => {
    const res = await result(server, 'prompts/list');
    expect(res.prompts[0]).toEqual({
      name: 'code_review',
      title: 'Request Code Review',
      description: 'Review code',
      arguments: [{ name: 'code', description: 'The code', required: true }, { name: 'language' }],
    });
    expect(res).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' });
  });

  it('refuses a completer for an argument the prompt does not have', () => {
    expect(() => prompt({ name: 'x', arguments: [{ name: 'a' }], complete: { b: () => [] }, handler: () => ({ messages: [] }) })).toThrow(/"b"/);
  });
});

describe('completion/complete', () => {
  // spec: 2026-07-28/pages/server/utilities/completion.mdx
  it('completes a prompt argument', async () => {
    const res = await result(server, 'completion/complete', { ref: { type: 'ref/prompt', name: 'code_review' }, argument: { name: 'language', value: 'py' } });
    expect(res).toMatchObject({ resultType: 'complete', completion: { values: ['python', 'pytorch', 'pyside'] } });
  });

  it('completes a template variable using the already resolved ones', async () => {
    const res = await result(server, 'completion/complete', {
      ref: { type: 'ref/resource', uri: 'repo://{owner}/{name}' },
      argument: { name: 'name', value: 'r' },
      context: { arguments: { owner: 'acme' } },
    });
    expect(res.completion.values).toEqual(['rocket']);
  });

  it('returns no values for an argument without a completer', async () => {
    expect(
      (await result(server, 'completion/complete', { ref: { type: 'ref/prompt', name: 'code_review' }, argument: { name: 'code', value: '' } })).completion,
    ).toEqual({ values: [] });
  });

  it('caps values at 100 and says there are more', async () => {
    const res = await result(server, 'completion/complete', { ref: { type: 'ref/prompt', name: 'many' }, argument: { name: 'x', value: '' } });
    expect(res.completion.values).toHaveLength(100);
    expect(res.completion).toMatchObject({ total: 150, hasMore: true });
  });

  it.each([
    [{ type: 'ref/prompt', name: 'nope' }, 'language'],
    [{ type: 'ref/resource', uri: 'repo://nope' }, 'name'],
    [{ type: 'ref/prompt', name: 'code_review' }, 'unknown'],
  ])('answers a bad ref or argument with -32602 (%j, %s)', async (ref, name) => {
    expect((await failure(server, 'completion/complete', { ref, argument: { name, value: '' } })).code).toBe(-32602);
  });
});

describe('handler bugs', () => {
  it('answers -32603 and tells onError when a handler returns something that is not a result', async () => {
    const errors: unknown[] = [];
    const buggy = createServer({
      info: { name: 'b', version: '1' },
      prompts: [prompt({ name: 'nothing', handler: () => undefined as never })],
      onWarning: () => {},
      onError: (error) => errors.push(error),
    });
    expect(await failure(buggy, 'prompts/get', { name: 'nothing' })).toEqual({ code: -32603, message: 'Internal error' });
    expect(String(errors[0])).toContain('Prompt "nothing" handler returned undefined instead of a result object');
  });
});
