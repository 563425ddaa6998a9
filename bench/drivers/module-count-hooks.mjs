// Module customization hooks for drivers/module-count.mjs (they run on Node's loader thread). They write down
// every file the ESM loader loads and hand the list back through a virtual module, so the count is taken by
// Node's own loader rather than by reading import statements.
const REPORT = 'mcpkit-bench:loaded';
const loaded = new Set();

export async function resolve(specifier, context, next) {
  if (specifier === REPORT) return { url: REPORT, shortCircuit: true };
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (url === REPORT) return { format: 'module', source: `export default ${JSON.stringify([...loaded])};`, shortCircuit: true };
  if (url.startsWith('file:')) loaded.add(url);
  return next(url, context);
}
