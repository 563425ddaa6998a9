// mcpkit stdio server with the `echo` tool, instrumented by @mcpkit/otel (the `otel` scenario).
import { instrumentServer } from '@mcpkit/otel';
import { serveStdio } from '@mcpkit/stdio';
import { createEchoServer } from '../mcpkit/tools.mjs';
import { registerSdk } from './sdk.mjs';

registerSdk();
serveStdio(createEchoServer({ around: instrumentServer().around }));
