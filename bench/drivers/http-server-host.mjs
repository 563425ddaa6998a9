// Child process: starts one side's HTTP server module (`export async function start({host, port})`) on
// 127.0.0.1 and prints {"port", "pid"} when listening. SIGTERM closes it.
const impl = process.argv[2];
const { start } = await import(impl);
const server = await start({ host: '127.0.0.1', port: 0 });
process.stdout.write(JSON.stringify({ port: server.port, pid: process.pid }) + '\n');
let closing = false;
process.on('SIGTERM', async () => {
  if (closing) return;
  closing = true;
  const timer = setTimeout(() => process.exit(0), 2000);
  try {
    await server.close?.();
  } finally {
    clearTimeout(timer);
    process.exit(0);
  }
});
