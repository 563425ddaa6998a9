// Child process: client-side cost of one `tools/call` for one side, against an in-process server
// that answers at once. argv[2] = JSON { side, calls, warmup, inFlight, measure: 'time' | 'alloc' }.
// Prints one JSON line: { side, usPerCall, cpuUsPerCall, callsPerSec, bytesPerCall, errors }.
//
// Every side talks through the same loopback: the request is serialized to text, the server parses
// it and writes the reply as text, the reply is parsed and handed to the client on a microtask. So
// the only difference between sides is the client: `raw` (an id → promise map, no MCP, no
// validation) is the floor, and a client's overhead is its time minus raw's.
import { ModernClient } from '@mcpkit/client';
import { Client } from '@modelcontextprotocol/client';

const cfg = JSON.parse(process.argv[2]);
const RESULT_META = '{"io.modelcontextprotocol/serverInfo":{"name":"bench-loopback","version":"1.0.0"}}';

/** The server: request text in, reply text out (or nothing for a notification). */
function serve(text) {
  const request = JSON.parse(text);
  if (request.id === undefined) return undefined;
  const id = JSON.stringify(request.id);
  switch (request.method) {
    case 'tools/call': {
      const echoed = JSON.stringify(String(request.params?.arguments?.text ?? ''));
      return `{"jsonrpc":"2.0","id":${id},"result":{"resultType":"complete","content":[{"type":"text","text":${echoed}}],"_meta":${RESULT_META}}}`;
    }
    case 'server/discover':
      return `{"jsonrpc":"2.0","id":${id},"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"ttlMs":0,"cacheScope":"public","_meta":${RESULT_META}}}`;
    case 'tools/list':
      return `{"jsonrpc":"2.0","id":${id},"result":{"resultType":"complete","tools":[{"name":"echo","inputSchema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}],"ttlMs":0,"cacheScope":"public"}}`;
    case 'initialize':
      return `{"jsonrpc":"2.0","id":${id},"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"bench-loopback","version":"1.0.0"}}}`;
    default:
      return `{"jsonrpc":"2.0","id":${id},"error":{"code":-32601,"message":"Method not found"}}`;
  }
}

/** The wire both clients share: stringify, serve, parse, deliver on a microtask. */
function roundTrip(message, deliver) {
  const reply = serve(JSON.stringify(message));
  if (reply !== undefined) queueMicrotask(() => deliver(JSON.parse(reply)));
}

/** Each side as `{ call(text) → Promise<string> (the echoed text), close() }`. */
const sides = {
  async raw() {
    const waiting = new Map();
    let next = 0;
    const deliver = (response) => {
      const resolve = waiting.get(response.id);
      waiting.delete(response.id);
      resolve(response.result.content[0].text);
    };
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    return {
      call: (text) =>
        new Promise((resolve) => {
          const id = ++next;
          waiting.set(id, resolve);
          roundTrip({ jsonrpc: '2.0', id, method: 'tools/call', params: { _meta: meta, name: 'echo', arguments: { text } } }, deliver);
        }),
      close: async () => {},
    };
  },

  async mcpkit() {
    let handler = () => {};
    const transport = {
      kind: 'stream',
      name: 'loopback',
      start: async () => {},
      close: async () => {},
      send: async (message) => roundTrip(message, handler),
      onMessage: (h) => (handler = h),
      onError: () => {},
      onClose: () => {},
    };
    const client = new ModernClient(transport, { clientInfo: { name: 'bench', version: '1.0.0' } });
    return {
      call: async (text) => (await client.callTool({ name: 'echo', arguments: { text } })).content[0].text,
      close: () => client.close(),
    };
  },

  async official() {
    const transport = {
      start: async () => {},
      close: async () => transport.onclose?.(),
      send: async (message) => roundTrip(message, (reply) => transport.onmessage?.(reply)),
    };
    const client = new Client({ name: 'bench', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(transport);
    return {
      call: async (text) => (await client.callTool({ name: 'echo', arguments: { text } })).content[0].text,
      close: () => client.close(),
    };
  },
};

const side = await sides[cfg.side]();
let errors = 0;
let n = 0;
const one = async () => {
  const text = `hello ${++n}`;
  if ((await side.call(text)) !== text) errors++;
};
async function run(calls, inFlight) {
  let started = 0;
  const worker = async () => {
    while (started < calls) {
      started++;
      await one();
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}

await run(cfg.warmup, cfg.inFlight);
const out = { side: cfg.side, errors };
if (cfg.measure === 'alloc') {
  // Young generation large enough that no collection runs during the measured calls.
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  await run(cfg.calls, cfg.inFlight);
  out.bytesPerCall = (process.memoryUsage().heapUsed - before) / cfg.calls;
} else {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await run(cfg.calls, cfg.inFlight);
  const ns = Number(process.hrtime.bigint() - start);
  const used = process.cpuUsage(cpu);
  out.usPerCall = ns / 1e3 / cfg.calls;
  // CPU time holds up better than wall time on a busy machine (the process is single-threaded here).
  out.cpuUsPerCall = (used.user + used.system) / cfg.calls;
  out.callsPerSec = cfg.calls / (ns / 1e9);
}
out.errors = errors;
await side.close();
console.log(JSON.stringify(out));
