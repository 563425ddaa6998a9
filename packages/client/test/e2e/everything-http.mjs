#!/usr/bin/env node
// Serves examples/everything over HTTP on 127.0.0.1 in its own process, prints {"endpoint": ...},
// and exits when its stdin ends (the test closed it). An optional JSON argument holds handler options (limits...).
import { serveEverythingHttp } from '@mcpkit/example-everything';

const http = process.argv[2] ? JSON.parse(process.argv[2]) : undefined;
const server = await serveEverythingHttp({ host: '127.0.0.1', port: 0, http });
process.stdout.write(`${JSON.stringify({ endpoint: server.endpoint })}\n`);
process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
process.stdin.resume();
