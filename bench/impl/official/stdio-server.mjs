// Official SDK v2 stdio server with the `echo` tool: serveStdio fixes the era from the first message.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createEchoServer } from './tools.mjs';

serveStdio(() => createEchoServer());
