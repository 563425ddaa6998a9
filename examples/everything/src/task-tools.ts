import { ResponseError } from '@mcpkit/jsonrpc';
import { elicitForm, inputRequired, tool, type ToolDefinition } from '@mcpkit/server';
import type { TasksServer } from '@mcpkit/tasks/server';

/** Resolves after `ms`, or at once when `signal` aborts (a cancelled task stops waiting). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

const confirmSchema = { type: 'object', properties: { confirm: { type: 'boolean' } } } as const;
const answerSchema = { type: 'object', properties: { name: { type: 'string' }, confirm: { type: 'boolean' } } } as const;
const nameSchema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } as const;

/**
 * Tools of the tasks extension (extensions/tasks/tasks.md), with the fixtures the conformance suite's
 * `tasks-*` scenarios expect: `slow_compute` (a slow tool that runs as a task), `failing_job`,
 * `protocol_error_job`, `confirm_delete`, `multi_input` and `test_tool_with_task`, plus the plain `greet`.
 */
export function taskTools(tasks: TasksServer): ToolDefinition[] {
  return [
    tool({
      name: 'greet',
      description: 'Says hello at once (never a task).',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      handler: ({ name }) => ({ content: [{ type: 'text', text: `Hello, ${String(name)}!` }] }),
    }),
    tasks.tool({
      name: 'slow_compute',
      description: 'Works for `seconds` seconds, then reports; runs as a task for clients that support tasks, and stops when the task is cancelled.',
      inputSchema: { type: 'object', properties: { seconds: { type: 'number', minimum: 0, maximum: 3600 }, label: { type: 'string' } }, required: ['seconds'] },
      handler: async ({ seconds, label }, ctx) => {
        await pause(Number(seconds) * 1000, ctx.signal);
        if (ctx.signal.aborted) throw new Error('Cancelled before finishing');
        return { content: [{ type: 'text', text: `Computed ${String(label ?? 'result')} after ${String(seconds)} s` }] };
      },
    }),
    tasks.tool({
      name: 'failing_job',
      description: 'Only as a task; ends with a tool execution error (isError) after half a second.',
      taskSupport: 'required',
      handler: async (_args, ctx) => {
        await pause(500, ctx.signal);
        throw new Error('The job failed: the input was rejected');
      },
    }),
    tasks.tool({
      name: 'protocol_error_job',
      description: 'Ends with a JSON-RPC error (the task fails).',
      handler: async (_args, ctx) => {
        await pause(200, ctx.signal);
        throw new ResponseError(-32603, 'The job crashed inside the server');
      },
    }),
    tasks.tool({
      name: 'confirm_delete',
      description: 'Asks the user to confirm, then "deletes" the file.',
      inputSchema: { type: 'object', properties: { filename: { type: 'string' } }, required: ['filename'] },
      handler: ({ filename }, ctx) => {
        const answer = ctx.input.elicitation('confirm', confirmSchema);
        if (!answer) return inputRequired({ confirm: elicitForm({ message: `Delete ${String(filename)}?`, requestedSchema: confirmSchema }) });
        const yes = answer.action === 'accept' && answer.content?.confirm === true;
        return { content: [{ type: 'text', text: yes ? `Deleted ${String(filename)}` : `Kept ${String(filename)}` }] };
      },
    }),
    tasks.tool({
      name: 'multi_input',
      description: 'Asks two questions at once; finishes when both are answered.',
      handler: (_args, ctx) => {
        const first = ctx.input.accepted('first', answerSchema);
        const second = ctx.input.accepted('second', answerSchema);
        if (!first || !second) {
          return inputRequired({
            first: elicitForm({ message: 'First question', requestedSchema: answerSchema }),
            second: elicitForm({ message: 'Second question', requestedSchema: answerSchema }),
          });
        }
        return { content: [{ type: 'text', text: `Answers: ${String(first.name)}, ${String(second.name)}` }] };
      },
    }),
    tasks.tool({
      name: 'test_tool_with_task',
      description: 'Only as a task: asks your name through the request itself (MRTR), then greets you from a task.',
      taskSupport: 'required',
      prepare: (_args, ctx) =>
        ctx.input.accepted('user_name', nameSchema)
          ? undefined
          : inputRequired({
              user_name: elicitForm({
                message: 'What is your name?',
                requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
              }),
            }),
      handler: async (_args, ctx) => {
        await pause(100, ctx.signal);
        return { content: [{ type: 'text', text: `Hello, ${String(ctx.input.accepted('user_name', nameSchema)?.name)}! (from a task)` }] };
      },
    }),
  ];
}
