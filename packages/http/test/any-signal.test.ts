// anySignal: AbortSignal.any where the runtime has it, and the listener-based equivalent used on
// Node 20.0-20.2 (which lack it; `engines` allows them). The fallback is tested directly here.
import { describe, expect, it } from 'vitest';
import { anySignal, combineSignals } from '../src/any-signal.js';

describe.each([
  ['anySignal', anySignal],
  ['the fallback (combineSignals)', combineSignals],
])('%s', (_name, combine) => {
  it('aborts with the reason of the first of its signals to abort, and only once', () => {
    const a = new AbortController();
    const b = new AbortController();
    const combined = combine([a.signal, b.signal]);
    expect(combined.aborted).toBe(false);
    b.abort('b first');
    a.abort('a later');
    expect(combined.aborted).toBe(true);
    expect(combined.reason).toBe('b first');
  });

  it('is aborted at once when one of its signals already is', () => {
    const done = AbortSignal.abort('already');
    const combined = combine([new AbortController().signal, done]);
    expect(combined.aborted).toBe(true);
    expect(combined.reason).toBe('already');
  });
});

it('the fallback removes its listeners from the other signals once it has aborted', () => {
  const lifetime = new AbortController();
  let added = 0;
  let removed = 0;
  const signal = lifetime.signal;
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((...args: Parameters<typeof add>) => (added++, add(...args))) as typeof add;
  signal.removeEventListener = ((...args: Parameters<typeof remove>) => (removed++, remove(...args))) as typeof remove;
  const request = new AbortController();
  const combined = combineSignals([request.signal, signal]);
  request.abort('done');
  expect(combined.reason).toBe('done');
  expect([added, removed]).toEqual([1, 1]);
});
