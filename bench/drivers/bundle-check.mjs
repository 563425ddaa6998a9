// Child process: runs one size-scenario bundle the way a Workers isolate would, with code generation from
// strings forbidden (`node --disallow-code-generation-from-strings`: `eval` and `new Function` throw, as on
// Cloudflare Workers). argv[2] is a JSON object: { kind: 'server' | 'client', file, url? }.
// Prints { ok: true } or { ok: false, error }.
import { pathToFileURL } from 'node:url';
import { echoCall, httpHeadersFor, isEchoResponse, isEchoResult, responseFromHttpBody } from '../lib/wire.mjs';

const { kind, file, url } = JSON.parse(process.argv[2]);
const TEXT = 'from a bundle';

async function checkServer(mod) {
  const request = echoCall(3, TEXT);
  const res = await mod.default.fetch(new Request('http://127.0.0.1/mcp', { method: 'POST', headers: httpHeadersFor(request), body: JSON.stringify(request) }));
  const body = await res.text();
  if (!isEchoResponse(responseFromHttpBody(body), 3, TEXT)) throw new Error(`answered HTTP ${res.status}: ${body.slice(0, 200)}`);
}

async function checkClient(mod) {
  const result = await mod.callEcho(url, TEXT);
  if (!isEchoResult(result, TEXT)) throw new Error(`got ${JSON.stringify(result).slice(0, 200)}`);
}

let outcome;
try {
  let forbidden = false;
  try {
    new Function('return 1');
  } catch {
    forbidden = true;
  }
  if (!forbidden) throw new Error('run without --disallow-code-generation-from-strings');
  const mod = await import(pathToFileURL(file).href);
  await (kind === 'server' ? checkServer(mod) : checkClient(mod));
  outcome = { ok: true };
} catch (error) {
  outcome = { ok: false, error: String(error?.message ?? error).split('\n')[0] };
}
console.log(JSON.stringify(outcome));
