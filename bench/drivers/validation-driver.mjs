// Child process: validations per second of a `tools/call` request and a `CallToolResult` with one validator module.
//
// argv[2] is a JSON object: { impl, maxMs }. The module exports createValidators() → { callToolRequest, callToolResult }.
import { validationSamples } from '../lib/spec.mjs';

const cfg = JSON.parse(process.argv[2]);
const t0 = performance.now();
const mod = await import(cfg.impl);
const v = await mod.createValidators();
const setupMs = performance.now() - t0;
const s = validationSamples();

// Correctness first: the spec's examples pass, the broken copies fail.
const checks = {
  requestAccepted: v.callToolRequest(s.request) === true,
  resultAccepted: v.callToolResult(s.result) === true,
  badRequestRejected: v.callToolRequest(s.badRequest) === false,
  badResultRejected: v.callToolResult(s.badResult) === false,
};

/** Validations per second of `fn(value)`, in batches until maxMs has passed. */
function rate(fn, value) {
  let ok = 0;
  for (let i = 0; i < 20_000; i++) if (fn(value)) ok++; // warm-up
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < cfg.maxMs) {
    for (let i = 0; i < 10_000; i++) if (fn(value)) ok++;
    n += 10_000;
    now = performance.now();
  }
  if (ok === 0) throw new Error('nothing validated');
  return n / ((now - start) / 1000);
}

process.stdout.write(
  JSON.stringify({
    label: mod.label ?? null,
    setupMs,
    compileMs: v.compileMs ?? null,
    checks,
    requestPerSec: rate(v.callToolRequest, s.request),
    resultPerSec: rate(v.callToolResult, s.result),
  }) + '\n',
);
