/**
 * jose, loaded on first use. jose 6 is ESM-only: a `require()` of it works only from Node 20.19,
 * while a dynamic `import()` works from the CJS build on every Node ≥ 20.0 (our `engines`). Every
 * use of jose is inside an async path already, and importing `@mcpkit/auth` stays cheap.
 */
export type Jose = typeof import('jose');

let loading: Promise<Jose> | undefined;

/** The jose module (one import per process). */
export function jose(): Promise<Jose> {
  return (loading ??= import('jose'));
}
