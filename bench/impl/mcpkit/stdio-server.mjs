// mcpkit stdio server with the `echo` tool (scenarios 1 and 4). Run as `node stdio-server.mjs`.
import { serveStdio } from '@mcpkit/stdio';
import { createEchoServer } from './tools.mjs';

serveStdio(createEchoServer());
