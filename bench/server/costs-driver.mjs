// Child process: per-operation cost of @mcpkit/server paths beyond the plain tools/call, in-process
// (request string in, response string out). argv[2] = JSON { case, ops, warmup }. Prints one JSON line.
import { createServer, elicitForm, inputRequired, resourceTemplate, tool } from '@mcpkit/server';

const cfg = JSON.parse(process.argv[2]);
const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
};
const keys = `bench:${Buffer.alloc(32, 1).toString('base64url')}`;
const adders = (n) =>
  Array.from({ length: n }, (_, i) =>
    tool({
      name: `tool_${i}`,
      inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
      handler: ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
    }),
  );
const confirm = tool({
  name: 'confirm',
  inputSchema: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
  handler: ({ order }, ctx) =>
    ctx.state
      ? { content: [{ type: 'text', text: `confirmed ${order}` }] }
      : inputRequired({ ok: elicitForm({ message: 'Sure?', requestedSchema: { type: 'object', properties: {} } }) }, { state: { order } }),
});
const notes = resourceTemplate({
  uriTemplate: 'notes://{owner}/{id}',
  name: 'note',
  read: (_uri, { owner, id }) => ({ contents: [{ text: `${owner}/${id}` }] }),
});

function serverFor(kind) {
  const common = { info: { name: 'bench', version: '1' }, state: { keys }, onWarning: () => {} };
  if (kind === 'call-development') return createServer({ ...common, tools: adders(100), mode: 'development' });
  if (kind === 'mrtr-round') return createServer({ ...common, tools: [confirm], mode: 'production' });
  if (kind === 'read-template') return createServer({ ...common, resourceTemplates: [notes], mode: 'production' });
  return createServer({ ...common, tools: adders(100), mode: 'production' });
}

const server = serverFor(cfg.case);
const line = (id, method, params) => JSON.stringify({ jsonrpc: '2.0', id, method, params: { _meta: meta, ...params } });
const roundTrip = async (text) => JSON.stringify(await server.dispatch(JSON.parse(text)));

// One operation of each case; returns a check value.
let id = 0;
const ops = {
  'call-production': () => roundTrip(line(++id, 'tools/call', { name: 'tool_57', arguments: { a: 20, b: 22 } })),
  'call-development': () => roundTrip(line(++id, 'tools/call', { name: 'tool_57', arguments: { a: 20, b: 22 } })),
  'call-invalid-args': () => roundTrip(line(++id, 'tools/call', { name: 'tool_57', arguments: { a: 'x' } })),
  'list-100': () => roundTrip(line(++id, 'tools/list', {})),
  'read-template': () => roundTrip(line(++id, 'resources/read', { uri: 'notes://ann/42' })),
  // A whole MRTR exchange: the first call seals state, the retry opens it.
  'mrtr-round': async () => {
    const first = JSON.parse(await roundTrip(line(++id, 'tools/call', { name: 'confirm', arguments: { order: 'o-1' } })));
    return roundTrip(
      line(++id, 'tools/call', {
        name: 'confirm',
        arguments: { order: 'o-1' },
        inputResponses: { ok: { action: 'accept', content: {} } },
        requestState: first.result.requestState,
      }),
    );
  },
};
const expect = {
  'call-production': '"text":"42"',
  'call-development': '"text":"42"',
  'call-invalid-args': '"isError":true',
  'list-100': '"name":"tool_99"',
  'read-template': '"text":"ann/42"',
  'mrtr-round': 'confirmed o-1',
};
const op = ops[cfg.case];
for (let i = 0; i < cfg.warmup; i++) {
  const out = await op();
  if (!out.includes(expect[cfg.case])) throw new Error(`${cfg.case}: unexpected answer ${out.slice(0, 300)}`);
}
const t0 = performance.now();
let done = 0;
while (done < cfg.ops && (done < 50 || performance.now() - t0 < cfg.maxMs)) {
  await op();
  done++;
}
const elapsedMs = performance.now() - t0;
process.stdout.write(JSON.stringify({ ops: done, usPerOp: (elapsedMs * 1000) / done, opsPerSec: done / (elapsedMs / 1000) }) + '\n');
