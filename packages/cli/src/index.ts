/**
 * `@mcpkit/cli`: the `mcpkit` command as a library: the entry point, the command-line parser, the
 * demo and the example servers, for scripts and tests that want them without a child process.
 */
export { main } from './main.js';
export type { Terminal } from './output/terminal.js';
export { makeStyle, type Style } from './output/style.js';
export { parseCommandLine } from './cli/args.js';
export { splitCommandLine } from './cli/split-command.js';
export { ExitCode, UsageError, GarbageOutputError } from './cli/exit-codes.js';
export type {
  Invocation,
  ClientCommand,
  ClientSettings,
  ServeCommand,
  DemoCommand,
  DemoFault,
  Era,
  Target,
  AuthSettings,
  ListenRequest,
} from './cli/invocation.js';
export { runDemo } from './demo/run-demo.js';
export { startHttpExample, serveStdioExample, type HttpExample, type ExampleOptions, type ServedEra } from './serve/example-server.js';
export type { ExampleServerOptions } from './serve/example-module.js';
export { formFields, parseFieldText, checkFieldValue, checkFormContent, type Field, type Choice, type ParsedField } from './input/form-fields.js';
