// The raw stdio limit: a child that reads newline-delimited JSON, parses each line and writes back a
// tools/call-shaped result with JSON.stringify, one line per request. No MCP validation at all.
// Everything answered from one read is written with one write, the cheapest framing a real server could do.

let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  let out = '';
  let nl;
  while ((nl = pending.indexOf('\n')) !== -1) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    if (line.length === 0) continue;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      out += '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}\n';
      continue;
    }
    if (msg.id === undefined) continue; // a notification: no reply
    out +=
      JSON.stringify({
        jsonrpc: '2.0',
        id: msg.id,
        result: { content: [{ type: 'text', text: msg.params?.arguments?.text }], resultType: 'complete' },
      }) + '\n';
  }
  if (out) process.stdout.write(out);
});
process.stdin.on('end', () => process.exit(0));
