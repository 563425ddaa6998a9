// mcpkit stdio server with the `blob` tool (payload-size curve).
import { serveStdio } from '@mcpkit/stdio';
import { createBlobServer } from './payload.mjs';

serveStdio(createBlobServer());
