/**
 * `@mcpkit/cli`: the `mcpkit` command, embeddable: `main(argv, terminal?)` runs it as the binary
 * does and resolves to its exit code (`ExitCode`); a `Terminal` (styled with `makeStyle`) captures
 * what it writes. Everything else the command does is reached through its arguments.
 */
export { main } from './main.js';
export type { Terminal } from './output/terminal.js';
export { makeStyle, type Style } from './output/style.js';
export { ExitCode } from './cli/exit-codes.js';
