// The tools every mcpkit benchmark server registers — the same tools as impl/official/tools.mjs, as JSON Schema.
// mode: 'production' (no self-checks of our own results), as a deployed server runs; no state keys are needed
// (no tool here uses requestState), so the random-key warning is silenced.
import { createServer, tool } from '@mcpkit/server';

const common = { info: { name: 'bench-mcpkit', version: '1.0.0' }, mode: 'production', onWarning: () => {} };

/** An mcpkit server with one tool, `echo`, which returns its `text` argument as a text block (`extra`: more server options). */
export function createEchoServer(extra = {}) {
  return createServer({
    ...common,
    ...extra,
    tools: [
      tool({
        name: 'echo',
        description: 'Echoes its text argument.',
        inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        handler: ({ text }) => ({ content: [{ type: 'text', text }] }),
      }),
    ],
  });
}

/** An mcpkit server with 100 tools, `tool_0` … `tool_99`, each adding its integer arguments `a` and `b`. */
export function createHundredToolServer() {
  const tools = [];
  for (let i = 0; i < 100; i++) {
    tools.push(
      tool({
        name: `tool_${i}`,
        description: `Tool number ${i}: adds two integers.`,
        inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
        handler: ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
      }),
    );
  }
  return createServer({ ...common, tools });
}
