/**
 * Class identity that survives copies. Two installed copies of one package (a 0.x minor outside a
 * dependent's caret range, or the ESM and the CJS build of one version) define two distinct classes,
 * so a plain `instanceof` across them is false. Every mcpkit class that crosses a package boundary
 * (errors, `InputRequired`, …) therefore carries a brand, a static string field `'@mcpkit/brand'`
 * naming its package and class (`'@mcpkit/jsonrpc/RemoteError'`), and answers `instanceof` by it: `value
 * instanceof C` is true when the chain of `value`'s class holds a class with `C`'s brand, from any
 * copy. A class without a brand of its own (your subclass) keeps the ordinary `instanceof`.
 *
 * Both halves are plain class members (a literal static field, a static method): no code runs when a
 * module defines its classes, so bundlers still drop the classes an application does not use.
 */

/** The static field that holds a class's brand (classes spell it as a literal key: see above). */
const BRAND = '@mcpkit/brand';

type Branded = { readonly [BRAND]?: string };

/**
 * The `static [Symbol.hasInstance]` of every branded class: `true` when `value`'s class chain holds a
 * class whose brand is `target`'s; for a `target` without a brand of its own, the ordinary `instanceof`.
 */
export function hasBrand(target: abstract new (...args: never[]) => unknown, value: unknown): boolean {
  const brand = Object.hasOwn(target, BRAND) ? (target as Branded)[BRAND] : undefined;
  if (brand === undefined) return Function.prototype[Symbol.hasInstance].call(target, value);
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  let proto: object | null = Object.getPrototypeOf(value);
  // The hot case: a plain object or array (a parsed message, a handler's result) has no class chain
  // to walk. Deciding it here keeps a per-message `instanceof` to two comparisons.
  if (proto === Object.prototype || proto === Array.prototype || proto === null) return false;
  // The prototype chain, read through each prototype's own `constructor` (a class defines both).
  for (; proto !== null; proto = Object.getPrototypeOf(proto)) {
    const ctor = Object.hasOwn(proto, 'constructor') ? (proto.constructor as unknown) : undefined;
    if (typeof ctor === 'function' && Object.hasOwn(ctor, BRAND) && (ctor as Branded)[BRAND] === brand) return true;
  }
  return false;
}
