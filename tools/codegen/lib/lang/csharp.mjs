import { compactRevision } from '../paths.mjs';

export const csharp = {
  lang: 'csharp',
  file: (rev) => `csharp/Mcp${compactRevision(rev)}.cs`,
  options: (rev) => ({ namespace: `Mcp.V${compactRevision(rev)}`, framework: 'NewtonSoft', 'csharp-version': '6' }),
};
