#!/usr/bin/env node
import { main } from './main.js';

/** Once the command is done, nothing left behind (a server that ignores the end of its input...) may keep mcpkit alive. */
function exitSoon(code: number): void {
  process.exitCode = code;
  setTimeout(() => process.exit(code), 2000).unref();
}

main(process.argv.slice(2)).then(exitSoon, (error: unknown) => {
  console.error('mcpkit: unexpected failure:', error);
  exitSoon(3);
});
