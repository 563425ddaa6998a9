import { pathToFileURL } from 'node:url';
import { basename } from 'node:path';
import type { InputContext, InputHandlers } from '@mcpkit/client';
import type { CreateMessageRequestParams, ElicitRequestFormParams, ElicitRequestURLParams, ElicitResult } from '@mcpkit/schema';
import type { Style } from '../output/style.js';
import { askForm } from './form-prompt.js';
import { DeclinedError, type InputFailures } from './input-failures.js';
import type { LineReader } from './line-reader.js';

/** What the prompts need from the command around them. */
export interface PromptHost {
  readonly reader: LineReader;
  readonly style: Style;
  /** Writes a line on stderr. */
  say(line: string): void;
  /** Called before a prompt takes the screen (stops a spinner)... */
  pause(): void;
  /** ...and after it is answered. */
  resume(): void;
  readonly failures: InputFailures;
}

function header(host: PromptHost, what: string, context: InputContext): void {
  // Once stdin has ended, every question would be cancelled at once and the server could ask forever.
  if (host.reader.finished) {
    throw host.failures.record(new DeclinedError(`the server asked for ${what} (${context.method}), but stdin has ended, so nobody can answer`));
  }
  host.say('');
  host.say(host.style.bold(host.style.magenta(`? The server asks for ${what}`)) + host.style.dim(` (${context.method}, input "${context.key}")`));
}

/**
 * Input handlers that ask the person at the terminal: elicitation forms field by field, URL
 * elicitation as a consent question showing the full URL, sampling as a reply typed by the user,
 * roots as a question whether to share the current directory. One question at a time.
 */
export function interactiveHandlers(host: PromptHost): InputHandlers {
  const ask = <T>(question: () => Promise<T>): Promise<T> =>
    host.reader.exclusive(async () => {
      host.pause();
      try {
        return await question();
      } finally {
        host.resume();
      }
    });
  return {
    elicitation: {
      form: (params, context) => ask(() => form(host, params, context)),
      url: (params, context) => ask(() => url(host, params, context)),
    },
    sampling: (params, context) => ask(() => sampling(host, params, context)),
    roots: (_params, context) => ask(() => roots(host, context)),
  };
}

async function form(host: PromptHost, params: ElicitRequestFormParams, context: InputContext): Promise<ElicitResult> {
  header(host, 'information', context);
  host.say(params.message);
  return askForm(host, params.requestedSchema);
}

async function url(host: PromptHost, params: ElicitRequestURLParams, context: InputContext): Promise<ElicitResult> {
  header(host, 'a visit to a web page', context);
  host.say(params.message);
  host.say(`  ${host.style.bold('URL:')} ${host.style.cyan(params.url)}`);
  host.say(host.style.dim(`  (host: ${new URL(params.url).host}; check it is who you expect before you agree)`));
  const answer = await host.reader.ask('Open this URL? The server only learns whether you agreed. [y/N] ');
  if (answer === undefined) return { action: 'cancel' };
  if (!/^y(es)?$/i.test(answer.trim())) return { action: 'decline' };
  const done = await host.reader.ask('Open it in your browser; press Enter when you are done there. ');
  return done === undefined ? { action: 'cancel' } : { action: 'accept' };
}

async function sampling(host: PromptHost, params: CreateMessageRequestParams, context: InputContext) {
  header(host, 'a model reply (sampling)', context);
  if (params.systemPrompt) host.say(host.style.dim(`system: ${params.systemPrompt}`));
  for (const message of params.messages) {
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    const text = blocks.map((b) => ('text' in b && typeof b.text === 'string' ? b.text : `[${b.type}]`)).join(' ');
    host.say(`${host.style.bold(`${message.role}:`)} ${text}`);
  }
  host.say(host.style.dim(`(at most ${params.maxTokens} tokens; you answer in the model's place)`));
  const reply = await host.reader.ask('Reply (empty to refuse): ');
  if (reply === undefined || reply.trim() === '') {
    throw host.failures.record(new DeclinedError('you refused the sampling request, so the request was abandoned (sampling has no decline answer)'));
  }
  return { role: 'assistant' as const, content: { type: 'text' as const, text: reply }, model: 'mcpkit-cli (typed by the user)', stopReason: 'endTurn' };
}

async function roots(host: PromptHost, context: InputContext) {
  header(host, 'your roots (the folders it may work in)', context);
  const cwd = pathToFileURL(process.cwd()).href;
  const answer = await host.reader.ask(`Share the current directory ${cwd}? [Y/n] `);
  if (answer === undefined || /^n(o)?$/i.test(answer.trim())) return { roots: [] };
  return { roots: [{ uri: cwd, name: basename(process.cwd()) || cwd }] };
}
