// Child process: multi round-trip `tools/call`s of `wizard` with R input rounds, in-process through one side's web
// fetch handler. Each call is a modern request; each `input_required` answer must ask for exactly the next question
// (a form elicitation) and carry a requestState, which the retry sends back with the answer; the final result must list
// every answer in order. Prints time per call and per request, and the requestState size at each round.
//
// argv[2] is a JSON object: { impl, rounds, calls, maxMs }.
import { httpHeadersFor, PROTOCOL_VERSION, responseFromHttpBody } from '../lib/wire.mjs';

const cfg = JSON.parse(process.argv[2]);
const { createMrtrHandler } = await import(cfg.impl);
const h = await createMrtrHandler();
const meta = {
  'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
  'io.modelcontextprotocol/clientInfo': { name: 'mcpkit-bench', version: '0.0.0' },
};
let nextId = 1;
let errors = 0;
let firstError = null;
const fail = (why) => {
  errors++;
  firstError ??= why;
};
const stateSizes = Array.from({ length: cfg.rounds }, () => 0);

/** One whole call: resolves with the number of HTTP requests it took. */
async function wizard(check) {
  let inputResponses;
  let requestState;
  for (let round = 0; round <= cfg.rounds; round++) {
    const params = { name: 'wizard', arguments: { rounds: cfg.rounds }, _meta: meta };
    if (requestState !== undefined) Object.assign(params, { inputResponses, requestState });
    const request = { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params };
    const res = await h.fetch(new Request('http://127.0.0.1/mcp', { method: 'POST', headers: httpHeadersFor(request), body: JSON.stringify(request) }));
    const msg = responseFromHttpBody(await res.text());
    const result = msg?.result;
    if (msg?.id !== request.id || !result) return (fail(`round ${round}: ${JSON.stringify(msg).slice(0, 300)}`), round + 1);
    if (round < cfg.rounds) {
      const asked = result.inputRequests?.[`q${round}`];
      if (result.resultType !== 'input_required' || asked?.method !== 'elicitation/create' || typeof result.requestState !== 'string') {
        return (fail(`round ${round}: expected the question q${round}: ${JSON.stringify(result).slice(0, 300)}`), round + 1);
      }
      if (check) stateSizes[round] = result.requestState.length;
      requestState = result.requestState;
      inputResponses = { [`q${round}`]: { action: 'accept', content: { value: `v${round}` } } };
    } else {
      const want = Array.from({ length: cfg.rounds }, (_, k) => `v${k}`).join(',');
      if (result.resultType === 'input_required' || result.content?.[0]?.text !== want)
        fail(`final: expected "${want}": ${JSON.stringify(result).slice(0, 300)}`);
    }
  }
  return cfg.rounds + 1;
}

const warm = performance.now();
for (let i = 0; i < 200 && performance.now() - warm < cfg.maxMs / 2; i++) await wizard(true);
let calls = 0;
let requests = 0;
const t0 = performance.now();
while (calls < cfg.calls && (calls < 20 || performance.now() - t0 < cfg.maxMs)) {
  requests += await wizard(false);
  calls++;
}
const ms = performance.now() - t0;
await h.close?.();
process.stdout.write(
  JSON.stringify({ rounds: cfg.rounds, calls, usPerCall: (ms * 1000) / calls, usPerRequest: (ms * 1000) / requests, stateSizes, errors, firstError }) + '\n',
);
