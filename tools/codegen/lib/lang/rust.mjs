import { snakeRevision } from '../paths.mjs';

export const rust = {
  lang: 'rust',
  file: (rev) => `rust/src/mcp_${snakeRevision(rev)}.rs`,
  options: () => ({ density: 'dense', 'derive-debug': 'true', 'skip-serializing-none': 'true' }),
};
