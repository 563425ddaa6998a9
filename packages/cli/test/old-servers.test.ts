/**
 * `mcpkit --url` (the built command, as a child process) against servers of the 2024-11-05 HTTP+SSE
 * transport, and against URLs that are not MCP endpoints: what it prints must say what the server
 * answered, in a short first line, with a hint drawn from that answer.
 * spec: 2025-11-25/pages/basic/transports.mdx ("Backwards Compatibility"); 2024-11-05 basic/transports.mdx
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killChildren, mcpkit } from './helpers.js';
import { startServerEverything } from './server-everything.js';

const SDK_SSE_SERVER = fileURLToPath(new URL('./fixtures/sdk-v1-sse-server.mjs', import.meta.url));
const SAMPLE_ANSWER = JSON.stringify([{ role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'test-model' }]);

afterEach(killChildren);

interface Peer {
  readonly url: string;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function startSdkSseServer(): Promise<Peer> {
  const child = spawn(process.execPath, [SDK_SSE_SERVER], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve((JSON.parse(chunk.toString()) as { endpoint: string }).endpoint));
    child.once('exit', (code) => reject(new Error(`the SSE fixture exited with ${code}`)));
  });
  return { url, stop: () => stopChild(child) };
}

async function startServerEverythingSse(): Promise<Peer> {
  // Bounded so that a start that never happens fails naming itself, well inside the test's timeout.
  const peer = await startServerEverything('sse', 120_000);
  return { url: `http://127.0.0.1:${peer.port}`, stop: () => peer.stop() };
}

/** An HTTP server on 127.0.0.1 answering every request with `handler`. */
async function startInline(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Peer & { server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => handler(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    server,
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const firstLine = (text: string): string => text.split('\n')[0] ?? '';

describe('mcpkit against the SDK v1 SSEServerTransport server', () => {
  let peer: Peer;
  beforeAll(async () => {
    peer = await startSdkSseServer();
  });
  afterAll(async () => {
    await peer?.stop();
  });

  it('lists and calls tools, reads a resource, gets a prompt and answers a sampling request given the /sse URL', async () => {
    const tools = await mcpkit(['tools', 'list', '--url', peer.url, '--no-auth']);
    expect(tools.stderr).toBe('');
    expect(tools.stdout).toMatch(/^echo — echo tool/m);
    const echo = await mcpkit(['tools', 'call', 'echo', '--args', '{"text":"over HTTP+SSE"}', '--url', peer.url, '--no-auth']);
    expect(echo.stdout.trim()).toBe('over HTTP+SSE');
    const read = await mcpkit(['resources', 'read', 'test://doc', '--url', peer.url, '--no-auth']);
    expect(read.stdout).toContain('the doc over HTTP+SSE');
    const prompt = await mcpkit(['prompts', 'get', 'greet', '--args', '{"name":"Ada"}', '--url', peer.url, '--no-auth']);
    expect(prompt.stdout).toContain('Hello, Ada');
    const sample = await mcpkit(['tools', 'call', 'sample', '--answers', SAMPLE_ANSWER, '--url', peer.url, '--no-auth']);
    expect(sample.stdout.trim()).toBe('test-model: Paris');
    expect([tools.code, echo.code, read.code, prompt.code, sample.code]).toEqual([0, 0, 0, 0, 0]);
  });

  it('--json prints the result exactly as the server sent it (nothing the client assumed)', async () => {
    const run = await mcpkit(['tools', 'call', 'echo', '--args', '{"text":"as sent"}', '--json', '--url', peer.url, '--no-auth']);
    expect(JSON.parse(run.stdout)).toEqual({ content: [{ type: 'text', text: 'as sent' }] });
  });

  it('--trace shows the GET of the SSE stream and the verdict with its transport', async () => {
    const run = await mcpkit(['tools', 'list', '--trace', '--url', peer.url, '--no-auth']);
    expect(run.stderr).toMatch(/→ GET http:\/\/127\.0\.0\.1:\d+\/sse/);
    expect(run.stderr).toMatch(/verdict│ legacy( \S+)? over HTTP\+SSE \(2024-11-05 transport\) \(probe\): .*a GET opened a 2024-11-05 HTTP\+SSE stream/);
  });

  it('a page of the same server: a short first line, each answer in one line, a hint about web pages', async () => {
    const run = await mcpkit(['tools', 'list', '--url', peer.url.replace('/sse', '/'), '--no-auth']);
    expect(run.code).toBe(3);
    const lines = run.stderr.trim().split('\n');
    expect(lines[0]).toBe(`mcpkit: ${peer.url.replace('/sse', '/')} is not an MCP endpoint (HTTP 404)`);
    expect(lines[1]).toMatch(/^ {4}POST initialize → HTTP 404, an HTML page: "Error: Cannot POST \/"$/);
    expect(lines[2]).toMatch(/GET \(HTTP\+SSE\) +→ HTTP 404, an HTML page: "Error: Cannot GET \/"$/);
    expect(lines[3]).toMatch(/web page.*check the path/);
    expect(run.stderr).not.toMatch(/<html|<!DOCTYPE|\/mcp/i);
    expect(lines).toHaveLength(4);
  });

  it('its message endpoint: the POST is answered, the GET is not a stream, and the hint says so', async () => {
    const run = await mcpkit(['tools', 'list', '--url', peer.url.replace('/sse', '/messages'), '--no-auth']);
    expect(run.code).toBe(3);
    expect(firstLine(run.stderr)).toMatch(/is not an MCP endpoint \(HTTP 400, then HTTP 404\)$/);
    expect(run.stderr).toContain('POST initialize → HTTP 400, No transport found for sessionId');
    expect(run.stderr).toMatch(/message endpoint of a 2024-11-05 HTTP\+SSE server; give the URL of its SSE stream/);
  });

  it('--era modern: the GET of the URL announced an endpoint, so the user is told it is an HTTP+SSE server', async () => {
    const run = await mcpkit(['tools', 'list', '--era', 'modern', '--url', peer.url, '--no-auth']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /serves the 2024-11-05 HTTP\+SSE transport \(its GET stream announced the endpoint http:\/\/127\.0\.0\.1:\d+\/messages\?sessionId=/,
    );
    expect(run.stderr).toMatch(/drop --era modern/);
  });
});

describe('mcpkit against @modelcontextprotocol/server-everything in its sse mode', () => {
  let peer: Peer;
  beforeAll(async () => {
    peer = await startServerEverythingSse();
  });
  afterAll(async () => {
    await peer?.stop();
  });

  it('calls echo and answers trigger-sampling-request through the /sse URL', async () => {
    const echo = await mcpkit(['tools', 'call', 'echo', '--args', '{"message":"hi"}', '--url', `${peer.url}/sse`, '--no-auth']);
    expect(echo.stdout.trim()).toBe('Echo: hi');
    const sample = await mcpkit([
      'tools',
      'call',
      'trigger-sampling-request',
      '--args',
      '{"prompt":"Capital?"}',
      '--answers',
      SAMPLE_ANSWER,
      '--url',
      `${peer.url}/sse`,
      '--no-auth',
    ]);
    expect(sample.stdout).toContain('"text": "Paris"');
  });

  // It never answers a POST to /message without a session: the server was reached, so never "cannot reach".
  it('its message endpoint stays silent: "no answer … within …" and a hint about the message endpoint', async () => {
    for (const auth of [['--no-auth'], []]) {
      const run = await mcpkit(['tools', 'list', '--timeout', '1500', '--url', `${peer.url}/message`, ...auth]);
      expect(run.code).toBe(3);
      expect(firstLine(run.stderr)).toBe(`mcpkit: no answer from ${peer.url}/message within 1500 ms`);
      expect(run.stderr).toMatch(/message endpoint of a 2024-11-05 HTTP\+SSE server/);
      expect(run.stderr).not.toMatch(/cannot reach/);
    }
  });
});

describe('mcpkit against URLs that are not MCP endpoints', () => {
  const peers: Peer[] = [];
  afterEach(async () => {
    await Promise.all(peers.splice(0).map((p) => p.stop()));
  });

  it('a 404 carrying an MCP error: the error, in one line, and a hint that an MCP server answered', async () => {
    const peer = await startInline((req, res) => {
      if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Unknown route' } }));
    });
    peers.push(peer);
    const run = await mcpkit(['tools', 'list', '--url', peer.url, '--no-auth']);
    expect(run.code).toBe(3);
    expect(firstLine(run.stderr)).toMatch(/^mcpkit: .*(HTTP 404).*/);
    expect(run.stderr).toMatch(/JSON-RPC error -32001 "Unknown route"|-32001 Unknown route/);
    expect(run.stderr).toMatch(/an MCP server answered, with an error/);
  });

  it('an SSE stream whose first event is not endpoint: not an HTTP+SSE server', async () => {
    const peer = await startInline((req, res) => {
      if (req.method === 'POST') return void res.writeHead(405, { allow: 'GET' }).end();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: ping\ndata: {}\n\n');
    });
    peers.push(peer);
    const run = await mcpkit(['tools', 'list', '--url', peer.url, '--no-auth']);
    expect(run.code).toBe(3);
    expect(firstLine(run.stderr)).toBe(`mcpkit: ${peer.url} is not an MCP endpoint (HTTP 405, then HTTP 200)`);
    expect(run.stderr).toContain('an SSE stream whose first event is "ping", not "endpoint"');
    expect(run.stderr).toMatch(/announces no endpoint/);
  });

  it('a port nobody listens on: "cannot reach", since no connection was made', async () => {
    const peer = await startInline(() => undefined);
    await peer.stop();
    const run = await mcpkit(['tools', 'list', '--url', peer.url, '--no-auth']);
    expect(run.code).toBe(3);
    expect(firstLine(run.stderr)).toBe(`mcpkit: cannot reach ${peer.url}: connection refused (is the server running, on this port?)`);
  });
});
