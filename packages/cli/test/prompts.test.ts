import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InputFailures } from '../src/input/input-failures.js';
import { interactiveHandlers } from '../src/input/interactive.js';
import { LineReader } from '../src/input/line-reader.js';
import { ProgressDisplay } from '../src/output/progress.js';
import { makeStyle, stripAnsi } from '../src/output/style.js';

/** The terminal side of input and progress, driven through real streams with typed lines. */
function host(lines: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  input.end(lines.map((l) => `${l}\n`).join(''));
  const reader = new LineReader(input, output, false);
  const said: string[] = [];
  const failures = new InputFailures();
  const handlers = interactiveHandlers({
    reader,
    style: makeStyle(false),
    say: (line) => said.push(line),
    pause: () => undefined,
    resume: () => undefined,
    failures,
  });
  return { handlers, said, failures, reader, shown: () => shown };
}

const context = { signal: new AbortController().signal, method: 'tools/call', key: 'k', round: 1 };

describe('interactive input', () => {
  it('a URL elicitation shows the full URL and its host, and sends only consent', async () => {
    const url = 'https://auth.example.com/connect?state=abc123&scope=read';
    const agreed = host(['y', '']);
    const accepted = await agreed.handlers.elicitation!.url!({ mode: 'url', message: 'Connect your account', url }, context);
    expect(accepted).toEqual({ action: 'accept' });
    expect(agreed.said).toContain(`  URL: ${url}`);
    expect(agreed.said.join('\n')).toContain('host: auth.example.com');
    const refused = host(['n']);
    expect(await refused.handlers.elicitation!.url!({ mode: 'url', message: 'Connect', url }, context)).toEqual({ action: 'decline' });
    expect(await host([]).handlers.elicitation!.url!({ mode: 'url', message: 'Connect', url }, context)).toEqual({ action: 'cancel' });
  });

  it('sampling shows the conversation and sends the typed reply; an empty reply refuses', async () => {
    const typed = host(['Paris']);
    const params = { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Capital of France?' } }], maxTokens: 20 };
    const reply = await typed.handlers.sampling!(params, context);
    expect(reply).toMatchObject({ role: 'assistant', content: { type: 'text', text: 'Paris' } });
    expect(typed.said).toContain('user: Capital of France?');
    const refused = host(['']);
    await expect(refused.handlers.sampling!(params, context)).rejects.toThrow('you refused the sampling request');
    expect(refused.failures.failure?.message).toContain('you refused');
  });

  it('roots offers the current directory, and shares nothing when refused', async () => {
    const cwd = pathToFileURL(process.cwd()).href;
    expect(await host(['']).handlers.roots!({}, context)).toEqual({ roots: [{ uri: cwd, name: expect.any(String) }] });
    expect(await host(['n']).handlers.roots!({}, context)).toEqual({ roots: [] });
  });

  it('two questions at once are asked one after the other', async () => {
    const both = host(['Ada', 'y', 'Bob', 'y']);
    const form = { mode: 'form' as const, message: 'Name?', requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const } } } };
    const [first, second] = await Promise.all([
      both.handlers.elicitation!.form!(form, context),
      both.handlers.elicitation!.form!(form, { ...context, key: 'k2' }),
    ]);
    expect(first).toEqual({ action: 'accept', content: { name: 'Ada' } });
    expect(second).toEqual({ action: 'accept', content: { name: 'Bob' } });
  });
});

describe('progress display', () => {
  afterEach(() => vi.useRealTimers());

  it('draws nothing for a quick request, then a spinner, then a bar with the percentage and message', () => {
    vi.useFakeTimers();
    let screen = '';
    const display = new ProgressDisplay((text) => (screen += text), makeStyle(true), true);
    display.start('tools/call slow');
    vi.advanceTimersByTime(100);
    expect(screen).toBe('');
    vi.advanceTimersByTime(300);
    expect(stripAnsi(screen)).toContain('tools/call slow');
    display.update({ progressToken: 1, progress: 50, total: 100, message: 'halfway' });
    const last = stripAnsi(screen.split('\r').at(-1)!);
    expect(last).toMatch(/tools\/call slow █{12}░{12} 50% halfway$/);
    display.stop();
    expect(screen.endsWith('\r\u001b[2K')).toBe(true);
  });

  it('draws nothing while a prompt waits for the user', () => {
    vi.useFakeTimers();
    let screen = '';
    const display = new ProgressDisplay((text) => (screen += text), makeStyle(false), true);
    display.start('tools/call ask');
    vi.advanceTimersByTime(400);
    display.suspend();
    const before = screen;
    vi.advanceTimersByTime(2000);
    expect(screen).toBe(before);
    display.resume();
    vi.advanceTimersByTime(200);
    expect(screen.length).toBeGreaterThan(before.length);
    display.stop();
  });

  it('stays silent when stderr is not a terminal', () => {
    vi.useFakeTimers();
    let screen = '';
    const display = new ProgressDisplay((text) => (screen += text), makeStyle(false), false);
    display.start('x');
    vi.advanceTimersByTime(1000);
    display.update({ progressToken: 1, progress: 1, total: 2 });
    display.stop();
    expect(screen).toBe('');
  });
});
