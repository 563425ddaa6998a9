// Official SDK v2 stdio server with the `blob` tool (payload-size curve).
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createBlobServer } from './payload.mjs';

serveStdio(() => createBlobServer());
