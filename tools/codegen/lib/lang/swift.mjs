// Swift: a Swift package under `lang/swift`, quicktype's Codable structs unchanged (no Swift
// compiler here to check a post-processing; the README says so).
import { compactRevision } from '../paths.mjs';

export const swift = {
  lang: 'swift',
  file: (rev) => `swift/Sources/MCP${compactRevision(rev)}/Mcp${compactRevision(rev)}.swift`,
  // Public: the types live in library targets of a Swift package.
  options: () => ({ 'access-level': 'public' }),
  // The Swift renderer repeats leadingComments before every type.
  header: (rev, header) => `// ${header}\n\n`,
};
