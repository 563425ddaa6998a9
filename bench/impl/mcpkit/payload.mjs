// mcpkit server with the `blob` tool (payload-size curve): `{size}` → one text block of `size` bytes.
import { createServer, tool } from '@mcpkit/server';
import { blobText } from '../../lib/blob.mjs';

/** An mcpkit server whose only tool, `blob`, returns `size` bytes of text. */
export function createBlobServer() {
  return createServer({
    info: { name: 'bench-mcpkit', version: '1.0.0' },
    mode: 'production',
    onWarning: () => {},
    tools: [
      tool({
        name: 'blob',
        description: 'Returns size bytes of text.',
        inputSchema: { type: 'object', properties: { size: { type: 'integer', minimum: 0 } }, required: ['size'] },
        handler: ({ size }) => ({ content: [{ type: 'text', text: blobText(size) }] }),
      }),
    ],
  });
}
