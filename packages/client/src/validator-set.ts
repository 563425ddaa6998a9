import type { Validator } from '@mcpkit/schema';

/**
 * The schema checks a client runs on what a server answers. `ModernClient` loads the full set on its
 * own; `LeanClient` (`@mcpkit/client/lean`) runs what it is handed, so a bundle holds only the checks
 * its program names (issue 29: a check that is on by default is in every bundle, whether used or not).
 */
export interface ResultValidators {
  /** The result validators of each method; absent: results are checked only by the `resultType` rules. */
  readonly results?: ResultSchemas;
  /**
   * Compiles a tool's `outputSchema` into a check of `structuredContent` (server/tools.mdx "Output
   * Schema": clients SHOULD validate); absent: `structuredContent` is not checked. The check answers
   * `undefined` when a value conforms, otherwise why not; the promise rejects with a `TypeError`
   * for a schema that cannot be used.
   */
  readonly compileOutputSchema?: (schema: unknown) => Promise<(value: unknown) => string | undefined>;
}

/** The validators of complete and `input_required` results. */
export interface ResultSchemas {
  /** The validator of each method's complete result. */
  readonly complete: Readonly<Record<string, Validator<unknown>>>;
  /** A complete result of a method `complete` does not name (an extension's without a validator of its own). */
  readonly generic: Validator<unknown>;
  /** The multi round-trip result (basic/patterns/mrtr.mdx), with the input requests inside it. */
  readonly inputRequired: Validator<unknown>;
}

/**
 * What `LeanClient` is told to check: a set in hand, a function that loads one (awaited when the
 * client starts, so a bundle with code splitting can keep the set in a chunk of its own), or `false`
 * for no schema checks at all (the `resultType` rules still apply).
 */
export type ResultValidatorsOption = ResultValidators | (() => Promise<ResultValidators>) | false;
