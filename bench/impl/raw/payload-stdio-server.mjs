// The raw stdio limit of the payload-size curve: parse each JSON line, answer `size` bytes of text in a
// tools/call-shaped result with JSON.stringify, one write per line. No MCP validation at all.
import { blobText } from '../../lib/blob.mjs';

let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  let nl;
  while ((nl = pending.indexOf('\n')) !== -1) {
    const msg = JSON.parse(pending.slice(0, nl));
    pending = pending.slice(nl + 1);
    if (msg.id === undefined) continue;
    const text = blobText(msg.params.arguments.size);
    process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text }], resultType: 'complete' } })}\n`);
  }
});
process.stdin.on('end', () => process.exit(0));
