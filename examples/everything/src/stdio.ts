#!/usr/bin/env node
// Serves the everything server on stdin/stdout until stdin ends.
import { serveStdio } from '@mcpkit/stdio';
import { createEverythingServer } from './server.js';

serveStdio(createEverythingServer());
