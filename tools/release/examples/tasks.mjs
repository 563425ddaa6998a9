// @mcpkit/tasks: the README's build_report tool run as a task; the client polls tasks/get for it.
import { META, check } from './_shared.mjs';

export function reportServer(createServer, createTasksServer) {
  const tasks = createTasksServer({ pollIntervalMs: 10 });
  return createServer({
    info: { name: 'reports', version: '1.0.0' },
    extensions: [tasks],
    tools: [
      tasks.tool({
        name: 'build_report',
        description: 'Builds a report',
        inputSchema: { type: 'object', properties: { month: { type: 'string' } }, required: ['month'] },
        handler: async ({ month }, ctx) => {
          ctx.signal.throwIfAborted();
          return { content: [{ type: 'text', text: `Report for ${String(month)}` }] };
        },
      }),
    ],
  });
}

export default async function (load) {
  const { createServer } = await load('@mcpkit/server');
  const { createTasksServer } = await load('@mcpkit/tasks/server');
  const server = reportServer(createServer, createTasksServer);
  const listed = await server.dispatch({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: META } });
  check(
    listed.result?.tools?.some((t) => t.name === 'build_report'),
    `tools/list: ${JSON.stringify(listed).slice(0, 300)}`,
  );
  return 'createTasksServer().tool registered build_report on a server';
}
