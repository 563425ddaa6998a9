import { compactRevision } from '../paths.mjs';

export const kotlin = {
  lang: 'kotlin',
  file: (rev) => `kotlin/src/main/kotlin/mcp/v${compactRevision(rev)}/Mcp${compactRevision(rev)}.kt`,
  options: (rev) => ({ package: `mcp.v${compactRevision(rev)}`, framework: 'jackson' }),
};
