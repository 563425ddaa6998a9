/**
 * The demo's checks: each step states what it expects of the real exchange, and a step that
 * misbehaves stops its scenario with a `CheckFailed` saying what was expected and what happened.
 */

/** A step of the demo did not behave as the protocol says. */
export class CheckFailed extends Error {
  override readonly name = 'CheckFailed';
}

/** Throws `CheckFailed` unless `condition` holds; `expected` reads as a sentence ("the retry has a new id"). */
export function expectThat(condition: boolean, expected: string, actually?: string): asserts condition {
  if (!condition) throw new CheckFailed(`expected ${expected}${actually ? `, but ${actually}` : ''}`);
}
