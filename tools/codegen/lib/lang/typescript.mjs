import { snakeRevision } from '../paths.mjs';

/** Plain interfaces, for comparing with the canonical types (the npm package is the TypeScript binding). */
export const typescript = {
  lang: 'typescript',
  file: (rev) => `typescript/mcp_${snakeRevision(rev)}.ts`,
  options: () => ({ 'just-types': 'true' }),
};
