import { snakeRevision } from '../paths.mjs';

export const python = {
  lang: 'python',
  file: (rev) => `python/mcpkit_schema/mcp_${snakeRevision(rev)}.py`,
  options: () => ({ 'python-version': '3.7' }),
};
