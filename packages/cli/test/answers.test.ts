import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleStdio, killChildren, mcpkit, startExample, type HttpExample } from './helpers.js';

/**
 * `--answers` answers the server's input requests in order, in either era: MRTR input requests
 * (modern) and server-initiated requests (legacy), over stdio and HTTP. `--interactive` asks on
 * stdin instead, field by field.
 */
describe('--answers and prompts for input', () => {
  let server: HttpExample;
  beforeAll(async () => {
    server = await startExample('dual');
  });
  afterAll(async () => {
    await server.stop();
    killChildren();
  });

  const targets = (): [string, string[]][] => [
    ['stdio', ['--stdio', exampleStdio()]],
    ['http', ['--url', server.endpoint]],
  ];

  it.each(['modern', 'legacy'] as const)('an elicitation is answered in the %s era over stdio and HTTP', async (era) => {
    for (const [, target] of targets()) {
      const run = await mcpkit([
        'tools',
        'call',
        'test_input_required_result_elicitation',
        '--era',
        era,
        '--answers',
        '[{"action":"accept","content":{"name":"Ada"}}]',
        ...target,
      ]);
      expect({ era, target, code: run.code, stdout: run.stdout }).toEqual({ era, target, code: 0, stdout: 'Hello, Ada!\n' });
    }
  });

  it.each(['modern', 'legacy'] as const)('several inputs of every kind are answered in order (%s)', async (era) => {
    const answers = JSON.stringify([
      { action: 'accept', content: { name: 'Grace' } },
      { role: 'assistant', content: { type: 'text', text: 'Hello there' }, model: 'test-model' },
      { roots: [{ uri: 'file:///home/ada/project', name: 'project' }] },
    ]);
    const run = await mcpkit(['tools', 'call', 'test_input_required_result_multiple_inputs', '--era', era, '--answers', answers, '--url', server.endpoint]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('All inputs received: Grace, 1 root(s)');
  });

  it('several rounds take the items in the order the server asks', async () => {
    const answers = '[{"action":"accept","content":{"name":"Ada"}},{"action":"accept","content":{"color":"teal"}}]';
    const run = await mcpkit(['tools', 'call', 'test_input_required_result_multi_round', '--answers', answers, '--stdio', exampleStdio()]);
    expect(run).toMatchObject({ code: 0, stdout: "Ada's favorite color is teal\n" });
  });

  it('a declined elicitation is sent as such', async () => {
    const run = await mcpkit([
      'tools',
      'call',
      'test_elicitation',
      '--args',
      '{"message":"Who?"}',
      '--answers',
      '[{"action":"decline"}]',
      '--url',
      server.endpoint,
    ]);
    expect(run.stdout).toContain('action=decline');
  });

  it('answers that do not fit are refused before they reach the server (exit 2)', async () => {
    const wrongField = await mcpkit([
      'tools',
      'call',
      'test_input_required_result_elicitation',
      '--answers',
      '[{"action":"accept","content":{"nam":"Ada"}}]',
      '--url',
      server.endpoint,
    ]);
    expect(wrongField.code).toBe(2);
    expect(wrongField.stderr).toContain('"name" is required; "nam" is not a field of the form (fields: name)');
    const wrongType = await mcpkit([
      'tools',
      'call',
      'test_input_required_result_elicitation',
      '--era',
      'legacy',
      '--answers',
      '[{"action":"accept","content":{"name":7}}]',
      '--url',
      server.endpoint,
    ]);
    expect(wrongType.code).toBe(2);
    expect(wrongType.stderr).toContain('"name" must be a string');
    const notAnAnswer = await mcpkit(['tools', 'call', 'echo', '--args', '{"text":"x"}', '--answers', '[{"hello":1}]', '--url', server.endpoint]);
    expect(notAnAnswer.code).toBe(2);
    expect(notAnAnswer.stderr).toContain('--answers[0] is an object, not an ElicitResult');
  });

  it('too few answers is a usage error naming the question left unanswered', async () => {
    const run = await mcpkit([
      'tools',
      'call',
      'test_input_required_result_multi_round',
      '--answers',
      '[{"action":"accept","content":{"name":"Ada"}}]',
      '--url',
      server.endpoint,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('input request #2 (elicitation/create, "step2") has no answer: --answers has only 1 item(s)');
  });

  it('unused answers are reported, and declare only what they can answer', async () => {
    const run = await mcpkit([
      'tools',
      'call',
      'test_input_required_result_capabilities',
      '--answers',
      '[{"roots":[]},{"roots":[]}]',
      '--url',
      server.endpoint,
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Thanks for the input');
    expect(run.stderr).toContain('1 of 2 --answers item(s) were not used');
  });

  it('without a terminal or --answers, a tool that needs input says how to give it', async () => {
    const run = await mcpkit(['tools', 'call', 'test_input_required_result_elicitation', '--era', 'modern', '--url', server.endpoint]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('-32021');
    expect(run.stderr).toContain('run the command in a terminal, or put an ElicitResult in --answers');
  });

  it.each(['modern', 'legacy'] as const)('--interactive asks each field, retries a bad value, shows defaults and choices (%s)', async (era) => {
    // name: default; age: default; score: "abc" is refused, then 31; status: choice 2; verified: "no"; then send.
    const input = ['', '', 'abc', '31', '2', 'no', 'y', ''].join('\n');
    const run = await mcpkit(['tools', 'call', 'test_elicitation_sep1034_defaults', '--interactive', '--era', era, '--url', server.endpoint], { input });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('content={"name":"John Doe","age":30,"score":31,"status":"inactive","verified":false}');
    expect(run.stderr).toContain('Please review your profile');
    expect(run.stderr).toContain('default John Doe');
    expect(run.stderr).toContain('"abc" is not a number');
    expect(run.stderr).toMatch(/2\) inactive/);
  });

  it('--interactive: enums by number or value, multi-select lists; end of input cancels and stops', async () => {
    const picks = await mcpkit(['tools', 'call', 'test_elicitation_sep1330_enums', '--interactive', '--url', server.endpoint], {
      input: 'option2\n1\n3\n1, option3\n2\ny\n',
    });
    for (const picked of [
      '"untitledSingle":"option2"',
      '"titledSingle":"value1"',
      ':"opt3"',
      '"untitledMulti":["option1","option3"]',
      '"titledMulti":["value2"]',
    ]) {
      expect(picks.stdout).toContain(picked);
    }
    const ended = await mcpkit(['tools', 'call', 'test_input_required_result_elicitation', '--interactive', '--url', server.endpoint], { input: '' });
    expect(ended.code).toBe(1);
    expect(ended.stderr).toContain('stdin has ended, so nobody can answer');
  });
});
