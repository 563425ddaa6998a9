// The physical limit: a newline-JSON echo server with no framework. It splits lines with
// Buffer#indexOf, parses each request once, and writes the response at once.
const NL = 10;
let pending = [];
let pendingBytes = 0;

function answer(line) {
  const request = JSON.parse(line);
  if (request.id === undefined) return;
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { echo: request.params } })}\n`);
}

process.stdin.on('data', (chunk) => {
  let start = 0;
  let nl;
  while ((nl = chunk.indexOf(NL, start)) !== -1) {
    if (pendingBytes > 0) {
      pending.push(chunk.subarray(start, nl));
      answer(Buffer.concat(pending).toString('utf8'));
      pending = [];
      pendingBytes = 0;
    } else {
      answer(chunk.toString('utf8', start, nl));
    }
    start = nl + 1;
  }
  if (start < chunk.length) {
    pending.push(chunk.subarray(start));
    pendingBytes += chunk.length - start;
  }
});
