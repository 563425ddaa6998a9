// The raw dispatch limit with 100 tools: parse, look the tool up in a Map, call it, stringify. No validation.

const tools = new Map();
const listed = [];
for (let i = 0; i < 100; i++) {
  const tool = {
    name: `tool_${i}`,
    description: `Tool number ${i}: adds two integers.`,
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'integer' }, b: { type: 'integer' } },
      required: ['a', 'b'],
    },
  };
  listed.push(tool);
  tools.set(tool.name, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
}

function answer(message) {
  let result;
  if (message.method === 'tools/list') {
    result = { tools: listed, resultType: 'complete', ttlMs: 0, cacheScope: 'public' };
  } else {
    const fn = tools.get(message.params?.name);
    if (!fn) return { jsonrpc: '2.0', id: message.id, error: { code: -32602, message: 'Unknown tool' } };
    result = { ...fn(message.params.arguments ?? {}), resultType: 'complete' };
  }
  return { jsonrpc: '2.0', id: message.id, result };
}

/** Request string in, response string out. */
export async function createDispatcher() {
  return {
    handle: async (requestText) => JSON.stringify(answer(JSON.parse(requestText))),
    close: async () => {},
  };
}

/** Web-standard Request → Response. */
export async function createFetchHandler() {
  return {
    fetch: async (request) => new Response(JSON.stringify(answer(await request.json())), { headers: { 'content-type': 'application/json' } }),
    close: async () => {},
  };
}
