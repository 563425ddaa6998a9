// @mcpkit/tasks-client: with tasksExtension(), a plain callTool waits for the server's task.
import { check } from './_shared.mjs';
import { reportServer } from './tasks.mjs';

export default async function (load) {
  const { ModernClient } = await load('@mcpkit/client');
  const { createHttpHandler, HttpClientTransport } = await load('@mcpkit/http');
  const { serveHttp } = await load('@mcpkit/http/node');
  const { createServer } = await load('@mcpkit/server');
  const { createTasksServer } = await load('@mcpkit/tasks/server');
  const { tasksExtension } = await load('@mcpkit/tasks-client');
  const { url, close } = await serveHttp(createHttpHandler(reportServer(createServer, createTasksServer)), { port: 0 });
  const client = new ModernClient(new HttpClientTransport(url), { extensions: [tasksExtension()] });
  try {
    const result = await client.callTool({ name: 'build_report', arguments: { month: '2026-11' } });
    check(result.content?.[0]?.text === 'Report for 2026-11', `callTool: ${JSON.stringify(result)}`);
  } finally {
    await client.close();
    await close();
  }
  return 'callTool with tasksExtension() waited for the build_report task: "Report for 2026-11"';
}
