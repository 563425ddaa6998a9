// Repetitions with alternation: rep 0 runs A B C, rep 1 runs B C A, ... so drift in the machine hits every side.
import { alternationOrder } from './sides.mjs';

/**
 * Runs `runOne(id, rep)` for every id in `ids`, `reps` times, alternating the order each repetition.
 * An id whose run throws is dropped from later repetitions and reported in `failures` (its message kept),
 * so one broken side never stops the others.
 * Resolves with `{ results: {id: [result per rep]}, failures: {id: message} }`.
 */
export async function repeatAlternating({ ids, reps, runOne, log = () => {} }) {
  const results = Object.fromEntries(ids.map((id) => [id, []]));
  const failures = {};
  let active = [...ids];
  for (let rep = 0; rep < reps; rep++) {
    for (const id of alternationOrder(active, rep)) {
      const t0 = performance.now();
      try {
        results[id].push(await runOne(id, rep));
        log(`  ${id} rep ${rep + 1}/${reps} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
      } catch (e) {
        failures[id] = firstLines(e?.message ?? String(e));
        active = active.filter((x) => x !== id);
        log(`  ${id} rep ${rep + 1}/${reps} failed: ${failures[id].split('\n')[0]}`);
      }
    }
  }
  return { results, failures };
}

function firstLines(text, n = 6) {
  return String(text).trim().split('\n').slice(0, n).join('\n');
}
