import { parseArgs } from 'node:util';
import { UsageError } from './exit-codes.js';
import { authSettings } from './auth-args.js';
import type { ClientCommand, ClientSettings, DemoFault, Era, Invocation, Target } from './invocation.js';
import { splitCommandLine } from './split-command.js';
import { COMMANDS } from './usage.js';
import { readChoice, readInteger, readJsonObject, readJsonOption, readStringMap } from './values.js';

const OPTIONS = {
  stdio: { type: 'string' },
  url: { type: 'string' },
  era: { type: 'string' },
  json: { type: 'boolean' },
  task: { type: 'boolean' },
  trace: { type: 'boolean' },
  otel: { type: 'boolean' },
  answers: { type: 'string' },
  interactive: { type: 'boolean' },
  timeout: { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'client-metadata-url': { type: 'string' },
  scope: { type: 'string' },
  token: { type: 'string' },
  'token-file': { type: 'string' },
  'no-auth': { type: 'boolean' },
  open: { type: 'boolean' },
  'client-credentials': { type: 'boolean' },
  'client-key': { type: 'string' },
  'workload-identity-token': { type: 'string' },
  'no-dpop': { type: 'boolean' },
  args: { type: 'string' },
  context: { type: 'string' },
  count: { type: 'string' },
  tools: { type: 'boolean' },
  prompts: { type: 'boolean' },
  resources: { type: 'boolean' },
  resource: { type: 'string', multiple: true },
  transport: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  'report-memory': { type: 'boolean' },
  fault: { type: 'string' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

export type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];
type OptionName = keyof typeof OPTIONS;

const AUTH: readonly OptionName[] = [
  'client-id',
  'client-secret',
  'client-key',
  'client-metadata-url',
  'client-credentials',
  'workload-identity-token',
  'scope',
  'token',
  'token-file',
  'no-auth',
  'no-dpop',
  'open',
];
const CLIENT: readonly OptionName[] = ['stdio', 'url', 'era', 'json', 'trace', 'otel', 'answers', 'interactive', 'timeout', ...AUTH];
/** The options each command takes besides `--color`, `--no-color`, `--help` and `--version`. */
const ALLOWED: Readonly<Record<string, readonly OptionName[]>> = {
  discover: CLIENT,
  'tools list': CLIENT,
  'tools call': [...CLIENT, 'args', 'task'],
  'tasks list': CLIENT,
  'tasks get': CLIENT,
  'tasks result': CLIENT,
  'tasks cancel': CLIENT,
  'resources list': CLIENT,
  'resources read': CLIENT,
  'templates list': CLIENT,
  'prompts list': CLIENT,
  'prompts get': [...CLIENT, 'args'],
  'skills list': CLIENT,
  'skills get': CLIENT,
  'apps list': CLIENT,
  'apps open': [...CLIENT, 'args'],
  complete: [...CLIENT, 'context'],
  listen: [...CLIENT, 'count', 'tools', 'prompts', 'resources', 'resource'],
  'serve-example': ['transport', 'port', 'host', 'era', 'report-memory', 'otel'],
  demo: ['transport', 'fault'],
  inspect: ['stdio', 'url', 'era', 'timeout', 'port', ...AUTH],
};
const GROUPS = new Set(['tools', 'resources', 'templates', 'prompts', 'tasks', 'skills', 'apps']);
const FAULTS: readonly DemoFault[] = ['tamper-state', 'no-fallback'];
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Parses `mcpkit`'s arguments (without `node` and the script). Throws `UsageError` with a message
 * that says what is wrong and what would be right.
 *
 * @example parseCommandLine(['tools', 'call', 'echo', '--args', '{"text":"hi"}', '--url', 'http://127.0.0.1:3000/mcp'])
 */
export function parseCommandLine(argv: readonly string[]): Invocation {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(rephrase((error as Error).message));
  }
  const { values, positionals } = parsed;
  if (values.version) return { kind: 'version' };
  const [first, ...rest] = positionals;
  if (first === undefined) {
    if (values.help) return { kind: 'help', topic: undefined };
    throw new UsageError('no command given; try `mcpkit --help`');
  }
  if (first === 'help') return { kind: 'help', topic: rest.length > 0 ? rest.join(' ') : undefined };
  const { name, operands } = commandOf(first, rest);
  if (values.help) return { kind: 'help', topic: name };
  checkOptions(name, values);
  const color = values['no-color'] ? false : values.color ? true : undefined;
  if (name === 'serve-example') return { kind: 'serve', command: serveCommand(values, operands) };
  if (name === 'demo') return { kind: 'demo', command: demoCommand(values, operands), color };
  if (name === 'inspect') return { kind: 'inspect', command: inspectCommand(values, operands), settings: clientSettings(name, values) };
  return { kind: 'client', command: clientCommand(name, operands, values), settings: clientSettings(name, values), color };
}

/** Splits the command words (`tools call`) from their operands (`echo`). */
function commandOf(first: string, rest: string[]): { name: string; operands: string[] } {
  if (GROUPS.has(first)) {
    const verb = rest[0];
    const name = `${first} ${verb ?? ''}`.trim();
    if (verb === undefined || COMMANDS[name] === undefined) {
      const verbs = Object.keys(COMMANDS)
        .filter((c) => c.startsWith(`${first} `))
        .map((c) => c.slice(first.length + 1));
      const given = verb === undefined ? 'needs a subcommand' : `has no subcommand ${JSON.stringify(verb)}`;
      throw new UsageError(`\`${first}\` ${given}: use ${verbs.map((v) => `\`${first} ${v}\``).join(' or ')}`);
    }
    return { name, operands: rest.slice(1) };
  }
  if (COMMANDS[first] === undefined) {
    const guess = closest(first, [...Object.keys(COMMANDS), 'help']);
    throw new UsageError(`unknown command ${JSON.stringify(first)}${guess ? `; did you mean \`${guess}\`?` : ''} (see mcpkit --help)`);
  }
  return { name: first, operands: rest };
}

function checkOptions(name: string, values: Values): void {
  const allowed = ALLOWED[name] ?? [];
  for (const key of Object.keys(values) as OptionName[]) {
    if (key === 'color' || key === 'no-color' || key === 'help' || key === 'version' || allowed.includes(key)) continue;
    const owners = Object.keys(ALLOWED).filter((command) => ALLOWED[command]!.includes(key));
    throw new UsageError(`\`${name}\` does not take --${key} (it is an option of ${owners.map((o) => `\`${o}\``).join(', ')})`, name);
  }
}

function operandCount(name: string, operands: string[], min: number, max: number, what: string): void {
  if (operands.length < min) throw new UsageError(`\`${name}\` needs ${what}`, name);
  if (operands.length > max) {
    const extra = operands
      .slice(max)
      .map((o) => JSON.stringify(o))
      .join(' ');
    throw new UsageError(`\`${name}\` got unexpected arguments: ${extra}${max === 0 ? '' : ` (it takes ${what})`}`, name);
  }
}

function clientCommand(name: string, operands: string[], values: Values): ClientCommand {
  switch (name) {
    case 'tools call':
      operandCount(name, operands, 1, 1, 'the tool name, e.g. `tools call echo`');
      return {
        name,
        tool: operands[0]!,
        args: values.args === undefined ? {} : readJsonObject('--args', values.args, '{"text":"hi"}'),
        task: values.task === true,
      };
    case 'tasks get':
    case 'tasks result':
    case 'tasks cancel':
      operandCount(name, operands, 1, 1, `the task id, e.g. \`${name} 786512e2\``);
      return { name, taskId: operands[0]! };
    case 'resources read':
      operandCount(name, operands, 1, 1, 'the resource URI, e.g. `resources read test://static-text`');
      return { name, uri: operands[0]! };
    case 'prompts get':
      operandCount(name, operands, 1, 1, 'the prompt name, e.g. `prompts get code_review`');
      return { name, prompt: operands[0]!, args: values.args === undefined ? {} : readStringMap('--args', values.args, '{"code":"x = 1"}') };
    case 'skills get':
      operandCount(name, operands, 1, 1, "the URI of the skill's SKILL.md, e.g. `skills get skill://everything-tour/SKILL.md`");
      return { name, uri: operands[0]! };
    case 'apps open':
      operandCount(name, operands, 1, 1, 'the name of a tool with a view, e.g. `apps open show_counter`');
      return { name, tool: operands[0]!, args: values.args === undefined ? {} : readJsonObject('--args', values.args, '{"start":3}') };
    case 'complete':
      return completeCommand(operands, values);
    case 'listen':
      operandCount(name, operands, 0, 0, 'no arguments');
      return listenCommand(values);
    default:
      operandCount(name, operands, 0, 0, 'no arguments');
      return { name } as ClientCommand;
  }
}

function completeCommand(operands: string[], values: Values): ClientCommand {
  const what = 'prompt NAME or resource URI, then the argument name and the value typed so far';
  operandCount('complete', operands, 3, 4, what);
  const [kind, reference, argument, value = ''] = operands as [string, string, string, string?];
  if (kind !== 'prompt' && kind !== 'resource') {
    throw new UsageError(`\`complete\` completes an argument of a \`prompt\` or a \`resource\` template, not ${JSON.stringify(kind)}`, 'complete');
  }
  const ref = kind === 'prompt' ? { type: 'ref/prompt' as const, name: reference } : { type: 'ref/resource' as const, uri: reference };
  const context = values.context === undefined ? undefined : readStringMap('--context', values.context, '{"owner":"alice"}');
  return { name: 'complete', ref, argument: { name: argument, value }, context };
}

function listenCommand(values: Values): ClientCommand {
  const resourceSubscriptions = values.resource ?? [];
  const any = values.tools || values.prompts || values.resources || resourceSubscriptions.length > 0;
  return {
    name: 'listen',
    filter: {
      toolsListChanged: any ? values.tools === true : true,
      promptsListChanged: any ? values.prompts === true : true,
      resourcesListChanged: any ? values.resources === true : true,
      resourceSubscriptions,
    },
    count: values.count === undefined ? undefined : readInteger('--count', values.count, 1, 1_000_000),
  };
}

function clientSettings(name: string, values: Values): ClientSettings {
  if (values.stdio !== undefined && values.url !== undefined) throw new UsageError('give either --stdio or --url, not both', name);
  let target: Target;
  if (values.stdio !== undefined) {
    const [command, ...args] = splitCommandLine(values.stdio);
    target = { kind: 'stdio', command: command!, args, line: values.stdio };
  } else if (values.url !== undefined) {
    target = { kind: 'http', url: checkUrl(values.url) };
  } else {
    throw new UsageError(`\`${name}\` needs a server: --stdio "COMMAND ARGS" or --url URL`, name);
  }
  const answers = values.answers === undefined ? undefined : readJsonOption('--answers', values.answers);
  if (answers !== undefined && !Array.isArray(answers)) {
    throw new UsageError(`--answers must be a JSON array, one answer per input request, e.g. '[{"action":"accept","content":{"name":"Ada"}}]'`, name);
  }
  return {
    target,
    era: values.era === undefined ? 'auto' : readChoice<Era>('--era', values.era, ['auto', 'modern', 'legacy']),
    json: values.json === true,
    trace: values.trace === true,
    otel: values.otel === true,
    answers,
    interactive: values.interactive === true,
    timeoutMs: values.timeout === undefined ? DEFAULT_TIMEOUT_MS : readInteger('--timeout', values.timeout, 1, 86_400_000),
    auth: authSettings(name, target, values),
  };
}

function checkUrl(text: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    throw new UsageError(`--url ${JSON.stringify(text)} has no scheme; did you mean http://${text.replace(/^\/+/, '')} ?`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--url ${JSON.stringify(text)} is not a URL; write it in full, e.g. http://127.0.0.1:3000/mcp`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--url must be an http:// or https:// URL, not ${url.protocol}// (for a local process use --stdio)`);
  }
  return url.href;
}

function serveCommand(values: Values, operands: string[]) {
  operandCount('serve-example', operands, 0, 0, 'no arguments');
  if (values.transport === undefined) throw new UsageError('`serve-example` needs --transport stdio or --transport http', 'serve-example');
  const transport = readChoice('--transport', values.transport, ['stdio', 'http'] as const);
  if (transport === 'stdio' && (values.port !== undefined || values.host !== undefined)) {
    throw new UsageError('--port and --host only make sense with --transport http', 'serve-example');
  }
  return {
    name: 'serve-example' as const,
    transport,
    port: values.port === undefined ? 3000 : readInteger('--port', values.port, 0, 65535),
    host: values.host ?? '127.0.0.1',
    era: values.era === undefined ? ('dual' as const) : readChoice('--era', values.era, ['modern', 'legacy', 'dual'] as const),
    reportMemory: values['report-memory'] === true,
    otel: values.otel === true,
  };
}

function demoCommand(values: Values, operands: string[]) {
  operandCount('demo', operands, 0, 0, 'no arguments');
  const transport = values.transport === undefined ? 'both' : readChoice('--transport', values.transport, ['stdio', 'http', 'both'] as const);
  return {
    name: 'demo' as const,
    transports: transport === 'both' ? (['stdio', 'http'] as const) : ([transport] as const),
    fault: values.fault === undefined ? undefined : readChoice<DemoFault>('--fault', values.fault, FAULTS),
  };
}

function inspectCommand(values: Values, operands: string[]) {
  operandCount('inspect', operands, 0, 0, 'no arguments');
  return { name: 'inspect' as const, port: values.port === undefined ? 0 : readInteger('--port', values.port, 0, 65535) };
}

/** node's parseArgs messages, said the way the rest of mcpkit says things. */
function rephrase(message: string): string {
  const unknown = /^Unknown option '([^']+)'/.exec(message);
  if (unknown) return `unknown option ${unknown[1]} (see mcpkit --help)`;
  const missing = /^Option '(--[\w-]+)[^']*' argument missing/.exec(message);
  if (missing) return `${missing[1]} needs a value`;
  const ambiguous = /^Option '(--[\w-]+)[^']*' argument is ambiguous/.exec(message);
  if (ambiguous) return `${ambiguous[1]}'s value starts with "-"; write it as ${ambiguous[1]}=VALUE`;
  return message;
}

/** The candidate closest to `word` (at most 2 edits away), for "did you mean". */
function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate.split(' ')[0]!);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
