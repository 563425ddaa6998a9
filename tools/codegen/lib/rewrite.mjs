// Post-processing of quicktype's output, one named rule at a time. A rule anchors on a shape of the
// text quicktype emits today; when an upgrade changes that shape the rule would silently stop
// applying, so a rule whose pattern matches nothing (or fewer times than it expects) fails codegen
// instead, naming the rule and the language to update.

/**
 * A rewrite rule.
 * @typedef {object} Rule
 * @property {string} name  what the rule does (shown when it no longer applies)
 * @property {RegExp} pattern  a global regular expression: the shape the rule anchors on
 * @property {string | ((match: string, ...groups: string[]) => string)} replace  as for String.replace
 * @property {number} [min]  the fewest matches that prove the shape is still there (default 1; a
 *   rule built from facts of the schema may expect 0, e.g. a revision without the recursive JSON types)
 */

/** Applies `rules` in order to `text` of `label` (e.g. "go 2026-07-28"); throws if one matches too little. */
export function applyRules(label, text, rules) {
  let current = text;
  for (const rule of rules) {
    if (!rule.pattern.global) throw new Error(`codegen: rule "${rule.name}" (${label}) needs a global pattern`);
    const matches = [...current.matchAll(rule.pattern)].length;
    const min = rule.min ?? 1;
    if (matches < min) {
      throw new Error(
        `codegen: post-processing rule "${rule.name}" for ${label} matched ${matches} time(s), ` +
          `expected at least ${min}: quicktype's output changed shape (an upgrade?); update the rule in tools/codegen/lib/lang/`,
      );
    }
    current = current.replace(rule.pattern, rule.replace);
  }
  return current;
}

/** Lower-case letters and digits only: how names are compared across naming conventions. */
export const normalizeName = (name) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The text between a line matching `start` and the first later line that is exactly `end`. */
export function blockAfter(text, startIndex, end) {
  const stop = text.indexOf(end, startIndex);
  if (stop < 0) throw new Error(`codegen: unterminated block at offset ${startIndex} (looked for ${JSON.stringify(end)})`);
  return text.slice(startIndex, stop + end.length);
}
