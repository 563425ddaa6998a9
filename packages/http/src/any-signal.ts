/**
 * One signal that aborts when any of `signals` does. `AbortSignal.any` exists from Node 20.3 (and in
 * browsers, Deno, Bun, Workers); `engines` promises Node 20.0, where it is missing (the release
 * rehearsal's Node 20.0 consumers failed with "AbortSignal.any is not a function").
 */
export function anySignal(signals: readonly AbortSignal[]): AbortSignal {
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([...signals]) : combineSignals(signals);
}

/**
 * `AbortSignal.any` with listeners, for runtimes without it: aborts with the first reason; once it
 * has aborted, it removes its listeners from the others.
 */
export function combineSignals(signals: readonly AbortSignal[]): AbortSignal {
  const controller = new AbortController();
  const first = signals.find((s) => s.aborted);
  if (first !== undefined) {
    controller.abort(first.reason);
    return controller.signal;
  }
  const listeners = signals.map((signal) => {
    const listener = () => {
      for (const [other, remove] of listeners) other.removeEventListener('abort', remove);
      controller.abort(signal.reason);
    };
    signal.addEventListener('abort', listener, { once: true });
    return [signal, listener] as const;
  });
  return controller.signal;
}
