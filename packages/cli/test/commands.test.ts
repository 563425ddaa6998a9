import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleStdio, json, killChildren, mcpkit, startExample, type HttpExample } from './helpers.js';

/**
 * Every command against `mcpkit serve-example`, over stdio and over HTTP, both as a child process:
 * the human output a user reads, and the JSON a script reads.
 */
describe.each(['stdio', 'http'] as const)('mcpkit commands over %s', (kind) => {
  let server: HttpExample | undefined;
  const target = (): string[] => (kind === 'stdio' ? ['--stdio', exampleStdio()] : ['--url', server!.endpoint]);

  beforeAll(async () => {
    if (kind === 'http') server = await startExample('dual');
  });
  afterAll(async () => {
    await server?.stop();
    killChildren();
  });

  it('discover names the server, the era and its capabilities', async () => {
    const run = await mcpkit(['discover', '--era', 'modern', ...target()]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('mcpkit everything server');
    expect(run.stdout).toMatch(/era\s+modern, protocol 2026-07-28/);
    expect(run.stdout).toMatch(/capabilities\s+tools/);
    const data = json(await mcpkit(['discover', '--json', '--era', 'modern', ...target()]));
    expect(data.supportedVersions).toContain('2026-07-28');
  });

  it('tools list shows every tool with its arguments; --json gives them all', async () => {
    const run = await mcpkit(['tools', 'list', ...target()]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^echo \(Echo\) — Returns its text argument/m);
    expect(run.stdout).toContain('args: text* string');
    const data = json(await mcpkit(['tools', 'list', '--json', ...target()]));
    expect(data.tools.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['echo', 'add', 'test_input_required_result_multi_round']));
  });

  it('tools call prints the content, and the structured content as JSON', async () => {
    const [echo, addRun] = await Promise.all([
      mcpkit(['tools', 'call', 'echo', '--args', '{"text":"héllo wörld"}', ...target()]),
      mcpkit(['tools', 'call', 'add', '--args', '{"a":2,"b":3}', '--json', ...target()]),
    ]);
    expect(echo).toMatchObject({ code: 0, stdout: 'héllo wörld\n' });
    expect(json(addRun).structuredContent).toEqual({ sum: 5 });
  });

  it('a tool result with isError exits 1, with the content still printed', async () => {
    const run = await mcpkit(['tools', 'call', 'test_error_handling', ...target()]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('intentionally returns an error');
    expect(run.stderr).toContain('reported an error (isError)');
  });

  it('resources list, read (text and binary) and templates list', async () => {
    const [list, text, binary, templateRun] = await Promise.all([
      mcpkit(['resources', 'list', ...target()]),
      mcpkit(['resources', 'read', 'test://static-text', ...target()]),
      mcpkit(['resources', 'read', 'test://static-binary', ...target()]),
      mcpkit(['templates', 'list', '--json', ...target()]),
    ]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('test://static-text');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/── test:\/\/static-text/);
    expect(binary.stdout).toMatch(/\[binary, \d+ bytes\]/);
    const templates = json(templateRun);
    expect(templates.resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate)).toContain('test://template/{id}/data');
  });

  it('prompts list and get (arguments are strings)', async () => {
    const list = await mcpkit(['prompts', 'list', ...target()]);
    expect(list.stdout).toMatch(/test_prompt_with_arguments[^\n]*\n\s+args: arg1\*/);
    const get = await mcpkit(['prompts', 'get', 'test_prompt_with_arguments', '--args', '{"arg1":"a","arg2":"b"}', ...target()]);
    expect(get).toMatchObject({ code: 0 });
    expect(get.stdout).toContain("user: Prompt with arguments: arg1='a', arg2='b'");
  });

  it('complete suggests values for a template argument and a prompt argument', async () => {
    const resource = await mcpkit(['complete', 'resource', 'test://template/{id}/data', 'id', '12', ...target()]);
    expect(resource).toMatchObject({ code: 0, stdout: '123\n124\n' });
    const prompt = json(await mcpkit(['complete', 'prompt', 'test_prompt_with_arguments', 'arg1', '', '--json', ...target()]));
    expect(Array.isArray(prompt.completion.values)).toBe(true);
  });

  it('listen prints the acknowledgement on stderr and stops on Ctrl+C with exit 0', async () => {
    const run = await mcpkit(['listen', '--tools', ...target()], {
      onStderr: (text, child) => {
        if (text.includes('listening for')) child.kill('SIGINT');
      },
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('listening for tools');
    expect(run.stdout).toBe('');
  });
});

describe('mcpkit listen over HTTP', () => {
  let server: HttpExample;
  beforeAll(async () => {
    server = await startExample('dual');
  });
  afterAll(async () => {
    await server.stop();
    killChildren();
  });

  it.each(['modern', 'legacy'] as const)('prints each change notification (%s era) and stops after --count', async (era) => {
    let triggered: Promise<unknown> | undefined;
    const listening = mcpkit(['listen', '--tools', '--count', '1', '--json', '--era', era, '--url', server.endpoint], {
      onStderr: (text) => {
        if (text.includes('listening for')) triggered = mcpkit(['tools', 'call', 'test_trigger_tool_change', '--url', server.endpoint]);
      },
    });
    const run = await listening;
    await triggered;
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ method: 'notifications/tools/list_changed' });
  });
});
