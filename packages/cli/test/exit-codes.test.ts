import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleStdio, json, killChildren, mcpkit, startExample, type HttpExample } from './helpers.js';

/** Exit codes 0/1/2/3, each provoked for real, with the messages users see for the usual mistakes. */

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const node = `"${process.execPath}"`;

describe('exit codes', () => {
  afterAll(killChildren);

  it('0: the command did what was asked', async () => {
    expect((await mcpkit(['tools', 'call', 'echo', '--args', '{"text":"ok"}', '--stdio', exampleStdio()])).code).toBe(0);
  });

  it('1: the server answered a JSON-RPC error; --json puts the error object on stdout', async () => {
    const run = await mcpkit(['tools', 'call', 'no_such_tool', '--json', '--stdio', exampleStdio()]);
    expect(run.code).toBe(1);
    expect(json(run)).toMatchObject({ error: { code: -32602 } });
    expect(run.stderr).toContain('the server answered error -32602');
  });

  it('2: a usage mistake, said before anything is started', async () => {
    // The full list of usage mistakes is in command-line.test.ts; these prove the exit code end to end.
    const cases: [string[], RegExp][] = [
      [[], /no command given/],
      [['tool', 'list'], /unknown command "tool"; did you mean `tools list`\?/],
      [['tools', 'list'], /needs a server: --stdio "COMMAND ARGS" or --url URL/],
      [['tools', 'call', 'echo', '--args', '{text:1}', '--url', 'http://a/'], /--args is not valid JSON/],
      [['tools', 'list', '--count', '2', '--url', 'http://a/'], /`tools list` does not take --count \(it is an option of `listen`\)/],
      [['tools', 'list', '--answers', '{"action":"accept"}', '--url', 'http://a/'], /--answers must be a JSON array/],
      [['serve-example'], /needs --transport stdio or --transport http/],
    ];
    const runs = await Promise.all(cases.map(([args]) => mcpkit(args)));
    cases.forEach(([args, message], i) => {
      expect({ args, code: runs[i]!.code, stdout: runs[i]!.stdout }).toEqual({ args, code: 2, stdout: '' });
      expect(runs[i]!.stderr).toMatch(message);
    });
  });

  it('2: an --answers item that does not fit the question', async () => {
    const answers = '[{"roots":[]},{"action":"accept","content":{"name":"Ada"}}]';
    const run = await mcpkit(['tools', 'call', 'test_input_required_result_elicitation', '--answers', answers, '--stdio', exampleStdio()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      '--answers[0] is a ListRootsResult, but the server\'s input request #1 (elicitation/create, "user_name") needs an ElicitResult',
    );
  });

  it('3: no answer within --timeout', async () => {
    const silent = `${node} -e "process.stdin.resume()"`;
    const run = await mcpkit(['tools', 'list', '--era', 'modern', '--timeout', '500', '--stdio', silent]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('within 500 ms');
  });
});

describe('the usual mistakes get clear messages (exit 3 or 1)', () => {
  let legacyServer: HttpExample;
  beforeAll(async () => {
    legacyServer = await startExample('legacy');
  });
  afterAll(async () => {
    await legacyServer.stop();
    killChildren();
  });

  it('an unreachable URL', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/mcp`;
    for (const era of ['auto', 'modern', 'legacy']) {
      const run = await mcpkit(['tools', 'list', '--era', era, '--url', url]);
      expect(run.code).toBe(3);
      expect(run.stderr).toContain(`cannot reach ${url}: connection refused`);
    }
  });

  it('a command that does not exist', async () => {
    const run = await mcpkit(['discover', '--stdio', 'mcpkit-no-such-server --flag']);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('cannot start "mcpkit-no-such-server": command not found');
  });

  it('a server that writes garbage on stdout', async () => {
    const noisy = `${node} -e "console.log('Server started on stdio!'); process.stdin.resume()"`;
    const run = await mcpkit(['tools', 'list', '--stdio', noisy]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('the server wrote something that is not a JSON-RPC message on its stdout: "Server started on stdio!"');
    expect(run.stderr).toContain('must log to stderr');
  });

  it('a server that exits at once shows its stderr', async () => {
    const crashing = `${node} -e "console.error('missing API_KEY'); process.exit(4)"`;
    const run = await mcpkit(['tools', 'list', '--era', 'modern', '--stdio', crashing]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('exited with code 4');
    expect(run.stderr).toContain('missing API_KEY');
  });

  it('a legacy-only server asked with --era modern (stdio and HTTP); auto falls back and works', async () => {
    for (const target of [
      ['--stdio', exampleStdio('legacy')],
      ['--url', legacyServer.endpoint],
    ]) {
      const modern = await mcpkit(['tools', 'list', '--era', 'modern', ...target]);
      expect(modern.code).toBe(1);
      expect(modern.stderr).toContain('the server does not speak 2026-07-28');
      expect(modern.stderr).toContain('legacy-only (2025-11-25) server');
      const auto = await mcpkit(['discover', ...target]);
      expect(auto.code).toBe(0);
      expect(auto.stdout).toMatch(/era\s+legacy, protocol 2025-11-25/);
    }
  });
});
