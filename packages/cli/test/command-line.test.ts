import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../src/cli/args.js';
import { UsageError } from '../src/cli/exit-codes.js';
import { splitCommandLine } from '../src/cli/split-command.js';

/** The command line as users type it: what each command becomes, and how mistakes are named. */
describe('parseCommandLine', () => {
  const url = ['--url', 'http://127.0.0.1:3000/mcp'];

  it('reads a client command with its target, era and options', () => {
    const parsed = parseCommandLine(['tools', 'call', 'echo', '--args', '{"text":"hi"}', ...url, '--era', 'legacy', '--json', '--timeout', '500']);
    expect(parsed).toMatchObject({
      kind: 'client',
      command: { name: 'tools call', tool: 'echo', args: { text: 'hi' } },
      settings: { target: { kind: 'http', url: 'http://127.0.0.1:3000/mcp' }, era: 'legacy', json: true, trace: false, timeoutMs: 500 },
    });
  });

  it('defaults: era auto, 30 s timeout, human output', () => {
    expect(parseCommandLine(['discover', ...url])).toMatchObject({ settings: { era: 'auto', timeoutMs: 30_000, json: false, answers: undefined } });
  });

  it('complete takes a prompt or a resource template, an argument and the value so far', () => {
    expect(parseCommandLine(['complete', 'prompt', 'review', 'language', 'py', '--context', '{"code":"x"}', ...url])).toMatchObject({
      command: { ref: { type: 'ref/prompt', name: 'review' }, argument: { name: 'language', value: 'py' }, context: { code: 'x' } },
    });
    expect(parseCommandLine(['complete', 'resource', 'notes://{id}', 'id', ...url])).toMatchObject({
      command: { ref: { type: 'ref/resource', uri: 'notes://{id}' }, argument: { name: 'id', value: '' } },
    });
    expect(() => parseCommandLine(['complete', 'tool', 'x', 'y', ...url])).toThrow(/not "tool"/);
  });

  it('listen: no filter means every list change; --resource repeats', () => {
    expect(parseCommandLine(['listen', ...url])).toMatchObject({
      command: { filter: { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true, resourceSubscriptions: [] }, count: undefined },
    });
    expect(parseCommandLine(['listen', '--resource', 'a://1', '--resource', 'a://2', '--count', '3', ...url])).toMatchObject({
      command: { filter: { toolsListChanged: false, resourceSubscriptions: ['a://1', 'a://2'] }, count: 3 },
    });
  });

  it('serve-example defaults to dual on 127.0.0.1:3000; demo to both transports', () => {
    expect(parseCommandLine(['serve-example', '--transport', 'http'])).toEqual({
      kind: 'serve',
      command: { name: 'serve-example', transport: 'http', port: 3000, host: '127.0.0.1', era: 'dual', reportMemory: false, otel: false },
    });
    expect(parseCommandLine(['serve-example', '--transport', 'stdio', '--otel'])).toMatchObject({ command: { otel: true } });
    expect(parseCommandLine(['tools', 'list', '--otel', '--stdio', 'server'])).toMatchObject({ settings: { otel: true } });
    expect(() => parseCommandLine(['demo', '--otel'])).toThrow();
    expect(parseCommandLine(['demo'])).toMatchObject({ command: { transports: ['stdio', 'http'], fault: undefined } });
    expect(() => parseCommandLine(['serve-example', '--transport', 'http', '--era', 'auto'])).toThrow('--era must be one of modern, legacy, dual');
  });

  it('help and version', () => {
    expect(parseCommandLine(['--help'])).toEqual({ kind: 'help', topic: undefined });
    expect(parseCommandLine(['tools', 'call', '--help'])).toEqual({ kind: 'help', topic: 'tools call' });
    expect(parseCommandLine(['help', 'tools', 'call'])).toEqual({ kind: 'help', topic: 'tools call' });
    expect(parseCommandLine(['--version'])).toEqual({ kind: 'version' });
  });

  it('every mistake is a UsageError that says what to do', () => {
    const mistake = (argv: string[]) => {
      try {
        parseCommandLine(argv);
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error(`no error for ${argv.join(' ')}`);
    };
    expect(mistake(['discovr', ...url])).toBe('unknown command "discovr"; did you mean `discover`? (see mcpkit --help)');
    expect(mistake(['prompts', 'lst', ...url])).toBe('`prompts` has no subcommand "lst": use `prompts list` or `prompts get`');
    expect(mistake(['resources', 'read', 'a://1', 'b://2', ...url])).toContain('unexpected arguments: "b://2"');
    expect(mistake(['discover', '--url'])).toBe('--url needs a value');
    expect(mistake(['discover', '--url', 'localhost:3000/mcp'])).toBe('--url "localhost:3000/mcp" has no scheme; did you mean http://localhost:3000/mcp ?');
    expect(mistake(['discover', '--url', 'http://exa mple'])).toContain('is not a URL');
    expect(mistake(['discover', '--stdio', ''])).toContain('--stdio needs a command');
    expect(mistake(['listen', '--count', '0', ...url])).toBe('--count must be a whole number from 1 to 1000000, got "0"');
    expect(mistake(['demo', '--fault', 'nope'])).toBe('--fault must be one of tamper-state, no-fallback; got "nope"');
    expect(mistake(['tools'])).toBe('`tools` needs a subcommand: use `tools list` or `tools call`');
    expect(mistake(['tools', 'list', '--stdio', 'x', ...url])).toBe('give either --stdio or --url, not both');
    expect(mistake(['tools', 'call', 'e', '--args', '[1]', ...url])).toBe(`--args must be a JSON object, e.g. --args '{"text":"hi"}' (got an array)`);
    expect(mistake(['prompts', 'get', 'p', '--args', '{"n":1}', ...url])).toBe(
      '--args: every value must be a string, but "n" is the number 1; write it as "1"',
    );
    expect(mistake(['tools', 'list', '--era', 'new', ...url])).toBe('--era must be one of auto, modern, legacy; got "new"');
    expect(mistake(['tools', 'list', '--bogus'])).toBe('unknown option --bogus (see mcpkit --help)');
    expect(mistake(['tools', 'list', '--timeout', '-5', ...url])).toBe(`--timeout's value starts with "-"; write it as --timeout=VALUE`);
    expect(mistake(['tools', 'list', '--timeout=-5', ...url])).toBe('--timeout must be a whole number from 1 to 86400000, got "-5"');
    expect(mistake(['tools', 'list', '--stdio', 'node "x'])).toBe(`--stdio has an unterminated " quote: "node \\"x"`);
  });
});

describe('splitCommandLine', () => {
  it('splits words like a shell, without running one', () => {
    expect(splitCommandLine(`node "my server.js" --name 'a b' plain\\ space`)).toEqual(['node', 'my server.js', '--name', 'a b', 'plain space']);
    expect(splitCommandLine(`echo "say \\"hi\\"" '$HOME' ""`)).toEqual(['echo', 'say "hi"', '$HOME', '']);
    expect(splitCommandLine('  spaced   out  ')).toEqual(['spaced', 'out']);
  });

  it('refuses what cannot be a command', () => {
    expect(() => splitCommandLine("node 'open")).toThrow("unterminated ' quote");
    expect(() => splitCommandLine('   ')).toThrow('--stdio needs a command');
    expect(() => splitCommandLine('node \\')).toThrow('lone backslash');
  });
});
