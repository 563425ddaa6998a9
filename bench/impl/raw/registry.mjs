// The raw limit with N tools (registry-size curve): a Map lookup and a prebuilt page array, pages of 100, no validation.
const PAGE = 100;

/** A dispatcher over `tool_0` … `tool_{n-1}`; the cursor is the index of the page's first tool. */
export async function createRegistryDispatcher(n) {
  const tools = new Map();
  const listed = [];
  for (let i = 0; i < n; i++) {
    const t = {
      name: `tool_${i}`,
      description: `Tool number ${i}: adds two integers.`,
      inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
    };
    listed.push(t);
    tools.set(t.name, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
  }
  const answer = (m) => {
    if (m.method === 'tools/list') {
      const start = m.params?.cursor ? Number(m.params.cursor) : 0;
      const page = { tools: listed.slice(start, start + PAGE), resultType: 'complete' };
      if (start + PAGE < n) page.nextCursor = String(start + PAGE);
      return { jsonrpc: '2.0', id: m.id, result: page };
    }
    const fn = tools.get(m.params?.name);
    if (!fn) return { jsonrpc: '2.0', id: m.id, error: { code: -32602, message: 'Unknown tool' } };
    return { jsonrpc: '2.0', id: m.id, result: { ...fn(m.params.arguments ?? {}), resultType: 'complete' } };
  };
  return { handle: async (text) => JSON.stringify(answer(JSON.parse(text))), close: async () => {} };
}
