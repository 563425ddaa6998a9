/**
 * The help texts: one line per command for `mcpkit --help`, and a page per command for
 * `mcpkit help COMMAND` / `mcpkit COMMAND --help`.
 */

interface CommandHelp {
  readonly synopsis: string;
  readonly summary: string;
  readonly details?: string;
  readonly example: string;
}

const TARGET = '(--stdio "COMMAND ARGS" | --url URL)';

/** Every command, in the order `--help` lists them. */
export const COMMANDS: Readonly<Record<string, CommandHelp>> = {
  discover: {
    synopsis: `discover ${TARGET}`,
    summary: 'who the server is: name, era, protocol versions, capabilities, instructions',
    example: 'mcpkit discover --url http://127.0.0.1:3000/mcp',
  },
  'tools list': {
    synopsis: `tools list ${TARGET}`,
    summary: 'every tool (all pages) with its arguments',
    example: 'mcpkit tools list --stdio "node server.js"',
  },
  'tools call': {
    synopsis: `tools call NAME [--args JSON] [--task] ${TARGET}`,
    summary: 'call a tool; exit 1 when the result has isError',
    details:
      '--args takes a JSON object (or @file.json). Input the server asks for is prompted in a terminal, or taken from --answers. --task calls it as a task (when the server runs the tool as one), prints the task id on stderr and waits for the result.',
    example: `mcpkit tools call echo --args '{"text":"hi"}' --url http://127.0.0.1:3000/mcp`,
  },
  'resources list': {
    synopsis: `resources list ${TARGET}`,
    summary: 'every resource (all pages)',
    example: 'mcpkit resources list --url http://127.0.0.1:3000/mcp',
  },
  'resources read': {
    synopsis: `resources read URI ${TARGET}`,
    summary: 'read a resource (text as is, binary as a size and type)',
    example: 'mcpkit resources read test://static-text --url http://127.0.0.1:3000/mcp',
  },
  'templates list': {
    synopsis: `templates list ${TARGET}`,
    summary: 'every resource template (all pages)',
    example: 'mcpkit templates list --url http://127.0.0.1:3000/mcp',
  },
  'prompts list': {
    synopsis: `prompts list ${TARGET}`,
    summary: 'every prompt (all pages) with its arguments',
    example: 'mcpkit prompts list --url http://127.0.0.1:3000/mcp',
  },
  'prompts get': {
    synopsis: `prompts get NAME [--args JSON] ${TARGET}`,
    summary: 'get a prompt; --args is an object of strings',
    example: `mcpkit prompts get test_prompt_with_arguments --args '{"arg1":"a","arg2":"b"}' --url http://127.0.0.1:3000/mcp`,
  },
  complete: {
    synopsis: `complete prompt NAME | resource URI  ARGUMENT [VALUE] [--context JSON] ${TARGET}`,
    summary: 'completions for an argument of a prompt or a resource template',
    details: '--context holds arguments already chosen, as an object of strings.',
    example: `mcpkit complete resource 'test://template/{id}/data' id 12 --url http://127.0.0.1:3000/mcp`,
  },
  'skills list': {
    synopsis: `skills list ${TARGET}`,
    summary: 'every skill the server publishes (skills extension): name, description, files; reads no file',
    example: 'mcpkit skills list --url http://127.0.0.1:3000/mcp',
  },
  'skills get': {
    synopsis: `skills get URI ${TARGET}`,
    summary: 'load one skill by the URI of its SKILL.md: its entry, and SKILL.md verified against it',
    details: 'SKILL.md is checked for size, digest and frontmatter against the entry; a mismatch prints nothing of it and exits 1.',
    example: 'mcpkit skills get skill://everything-tour/SKILL.md --url http://127.0.0.1:3000/mcp',
  },
  'apps list': {
    synopsis: `apps list ${TARGET}`,
    summary: 'the tools that render a view (MCP Apps): name, ui:// view, visibility',
    example: 'mcpkit apps list --url http://127.0.0.1:3000/mcp',
  },
  'apps open': {
    synopsis: `apps open TOOL [--args JSON] ${TARGET}`,
    summary: 'serve a local host page and its sandbox (two 127.0.0.1 ports), print the URL; opening it calls the tool and renders its view',
    details: 'Runs until interrupted (Ctrl+C). The view calls tools and reads resources of the server through this command.',
    example: `mcpkit apps open show_counter --args '{"start":3}' --stdio 'mcpkit serve-example'`,
  },
  listen: {
    synopsis: `listen [--tools] [--prompts] [--resources] [--resource URI]... [--count N] ${TARGET}`,
    summary: 'print change notifications until interrupted (Ctrl+C) or N of them arrived',
    details: 'Without a filter option it listens to every list change. --resource subscribes to updates of one URI (repeatable).',
    example: 'mcpkit listen --tools --count 1 --url http://127.0.0.1:3000/mcp',
  },
  'tasks list': {
    synopsis: `tasks list ${TARGET}`,
    summary: 'your tasks on the server (2025-11-25 servers only: the tasks extension has no list)',
    example: 'mcpkit tasks list --url http://127.0.0.1:3000/mcp --era legacy',
  },
  'tasks get': {
    synopsis: `tasks get TASK_ID ${TARGET}`,
    summary: "a task's status, times and poll interval",
    example: 'mcpkit tasks get 786512e2 --url http://127.0.0.1:3000/mcp',
  },
  'tasks result': {
    synopsis: `tasks result TASK_ID ${TARGET}`,
    summary: 'wait for a task to end and print its result, like tools call (answering what it asks)',
    example: 'mcpkit tasks result 786512e2 --url http://127.0.0.1:3000/mcp',
  },
  'tasks cancel': {
    synopsis: `tasks cancel TASK_ID ${TARGET}`,
    summary: 'ask the server to cancel a task',
    example: 'mcpkit tasks cancel 786512e2 --url http://127.0.0.1:3000/mcp',
  },
  'serve-example': {
    synopsis: 'serve-example --transport stdio|http [--port N] [--host H] [--era modern|legacy|dual] [--report-memory] [--otel]',
    summary: 'run examples/everything (HTTP endpoint /mcp on 127.0.0.1:3000 by default)',
    details:
      'dual (default) serves 2026-07-28 and 2025-11-25 on one endpoint or process; modern serves only 2026-07-28; ' +
      'legacy serves only 2025-11-25 and answers modern requests as a legacy server would (-32600, HTTP 400). ' +
      '--report-memory prints on stderr, after each request, what the server remembers (the demo reads it). ' +
      '--otel prints an OpenTelemetry span per request on stderr, and exports them over OTLP/HTTP as well when OTEL_EXPORTER_OTLP_ENDPOINT is set.',
    example: 'mcpkit serve-example --transport http --port 3000 --era dual',
  },
  inspect: {
    synopsis: `inspect [--port N] ${TARGET}`,
    summary: "watch a server's lifecycle live in a browser page served on 127.0.0.1",
    details:
      'Prints the URL of a local page (with a secret made for this run) showing the era verdict, every message on the wire ' +
      '(as the stdio line or the HTTP exchange), the server memory, the tools, resources, prompts, skills and tasks with forms, ' +
      'and the four lifecycle scenarios replayed against the example server. Only this process talks to the server; ' +
      'the page and its API answer only on 127.0.0.1, to requests that carry the secret, from the page itself. Stop it with Ctrl+C.',
    example: 'mcpkit inspect --stdio "npx -y @modelcontextprotocol/server-everything"',
  },
  demo: {
    synopsis: 'demo [--transport stdio|http|both] [--fault tamper-state|no-fallback]',
    summary: 'the four lifecycle scenarios, for real, with every message as on the wire',
    details: '--fault breaks one step on purpose; the demo must then fail (exit 1).',
    example: 'mcpkit demo --transport stdio',
  },
};

const CLIENT_OPTIONS = `Options of the commands that talk to a server:
  --stdio "COMMAND ARGS"   spawn the server (words split like a shell, no shell is run)
  --url URL                a Streamable HTTP endpoint
  --era auto|modern|legacy auto (default) probes with server/discover and falls back to initialize;
                           modern and legacy skip the probe and hold: a server of the other era fails the command
  --json                   print the result as JSON on stdout; diagnostics stay on stderr
  --trace                  print every message on stderr as it crosses the wire
  --otel                   print an OpenTelemetry span per request on stderr (also sent over OTLP/HTTP
                           when OTEL_EXPORTER_OTLP_ENDPOINT is set)
  --answers JSON           answer the server's input requests in order: a JSON array (or @file) of
                           ElicitResult / CreateMessageResult / ListRootsResult
  --interactive            prompt for input even when stdin is not a terminal
  --timeout MS             give up on a request after MS ms without an answer (default 30000)

Signing in (--url only): a server that answers 401 gets an OAuth sign-in; the URL to open is
printed on stderr and a listener on 127.0.0.1 waits for the browser's redirect. Tokens are
DPoP-bound (RFC 9449) when the authorization server advertises DPoP.
  --open                   also open the sign-in URL in a browser
  --client-id ID           a client registered with the authorization server ahead of time
  --client-secret SECRET   its secret (confidential clients)
  --client-key FILE        its private key instead (PKCS#8 PEM; private_key_jwt)
  --client-metadata-url URL  the client's metadata document (https), where the server supports it
  --client-credentials     sign in as the machine client --client-id (no browser): the
                           client-credentials grant with --client-secret or --client-key
  --workload-identity-token FILE  sign in as a workload (no browser): the JWT in FILE, read
                           again for every grant, goes to the JWT bearer grant
  --scope "A B"            scopes to ask for besides those the server names
  --token-file PATH        keep registrations and tokens in PATH (mode 0600) for the next run;
                           without it they live in memory only
  --no-dpop                never DPoP: plain bearer tokens
  --token TOKEN            send this bearer token as it is; no sign-in
  --no-auth                never sign in: a 401 is an error`;

const EXIT_CODES = `Exit codes: 0 ok, 1 the server answered an error (or isError), 2 usage, 3 transport, timeout or sign-in failed.`;

/** `mcpkit --help`. */
export function mainHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, help]) => `  ${name.padEnd(width)}  ${help.summary}`);
  return [
    'mcpkit: talk to any MCP server (2026-07-28 or 2025-11-25) from a terminal.',
    '',
    'Usage: mcpkit COMMAND [ARGS] [OPTIONS]',
    '',
    'Commands:',
    ...lines,
    '',
    CLIENT_OPTIONS,
    '',
    '  --no-color / --color     colour on or off (default: on when writing to a terminal)',
    '  -h, --help               help (mcpkit help COMMAND for one command)',
    '  -V, --version            the version',
    '',
    EXIT_CODES,
  ].join('\n');
}

/** `mcpkit help COMMAND`, or undefined for an unknown command. */
export function commandHelp(name: string): string | undefined {
  const help = COMMANDS[name];
  if (help === undefined) return undefined;
  const clientCommand = help.synopsis.includes('--stdio');
  return [
    `Usage: mcpkit ${help.synopsis}`,
    '',
    `${help.summary[0]?.toUpperCase()}${help.summary.slice(1)}.`,
    ...(help.details ? ['', help.details] : []),
    '',
    `Example: ${help.example}`,
    ...(clientCommand ? ['', CLIENT_OPTIONS, '', EXIT_CODES] : []),
  ].join('\n');
}
