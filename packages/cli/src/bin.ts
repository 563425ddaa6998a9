#!/usr/bin/env node
import { main } from './main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('mcpkit: unexpected failure:', error);
    process.exitCode = 3;
  },
);
