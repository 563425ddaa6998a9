import { compactRevision } from '../paths.mjs';

export const swift = {
  lang: 'swift',
  file: (rev) => `swift/Sources/MCP${compactRevision(rev)}/Mcp${compactRevision(rev)}.swift`,
  options: () => ({}),
  // The Swift renderer repeats leadingComments before every type.
  header: (rev, header) => `// ${header}\n\n`,
};
