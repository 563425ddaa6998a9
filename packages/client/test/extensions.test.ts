// The extension mechanism of @mcpkit/client: declaring an extension, its methods' results and
// `Mcp-Name`, and the resultTypes it adds to other methods (settled by typed calls, raw from request()).
// spec: 2026-07-28/pages/basic/versioning.mdx ("Extensions"); extensions/tasks/tasks.md ("Capability Negotiation")
import { describe, expect, it } from 'vitest';
import { InvalidResultError, type ClientExtension } from '../src/index.js';
import { connect, done, FakeServer, text } from './helpers/fake-server.js';

const ID = 'com.example/jobs';
const isJob = Object.assign((v: unknown): v is unknown => typeof (v as { jobId?: unknown }).jobId === 'string', {
  errors: [{ instancePath: '/jobId', keyword: 'type', params: {}, message: 'must be string' }],
});
const isStatus = Object.assign((v: unknown): v is unknown => typeof (v as { state?: unknown }).state === 'string', {
  errors: [{ instancePath: '/state', keyword: 'type', params: {}, message: 'must be string' }],
});

function jobs(): ClientExtension {
  return {
    id: ID,
    settings: { v: 2 },
    methods: { 'jobs/get': { result: isStatus, nameSource: 'jobId' } },
    resultTypes: {
      'tools/call': {
        job: {
          validate: isJob,
          settle: async (result, call) => {
            const status = await call.request('jobs/get', { jobId: result.jobId as string });
            return { content: [{ type: 'text', text: `job ${String(result.jobId)} ${String(status.state)}` }] };
          },
        },
      },
    },
  };
}

describe('client extensions', () => {
  it('declares each extension with its settings in every request', async () => {
    const server = new FakeServer({ 'tools/call': () => text('ok') });
    const { client } = connect(server, { extensions: [jobs()], capabilities: { extensions: { 'com.other/x': {} } } });
    await client.callTool({ name: 't' });
    const declared = server.received('tools/call')[0]!.params._meta['io.modelcontextprotocol/clientCapabilities'];
    expect(declared.extensions).toEqual({ 'com.other/x': {}, [ID]: { v: 2 } });
  });

  it('settles an extension resultType in a typed call, returns it raw from request(), and checks it', async () => {
    const server = new FakeServer({
      'tools/call': (params) => (params.name === 'bad' ? { resultType: 'job', jobId: 7 } : { resultType: 'job', jobId: 'j1' }),
      'jobs/get': () => done({ state: 'finished' }),
    });
    const { client } = connect(server, { extensions: [jobs()] });
    expect(await client.callTool({ name: 't' })).toMatchObject({ resultType: 'complete', content: [{ text: 'job j1 finished' }] });
    expect(await client.request('tools/call', { name: 't' })).toMatchObject({ resultType: 'job', jobId: 'j1' });
    await expect(client.callTool({ name: 'bad' })).rejects.toBeInstanceOf(InvalidResultError);
  });

  it('treats an extension resultType without the extension as an invalid response', async () => {
    const server = new FakeServer({ 'tools/call': () => ({ resultType: 'job', jobId: 'j1' }) });
    const { client } = connect(server);
    await expect(client.callTool({ name: 't' })).rejects.toThrow(/unknown resultType "job" \(no extension of this client allows it/);
  });

  it('checks the results of its methods and mirrors their Mcp-Name source on HTTP only', async () => {
    const server = new FakeServer({ 'jobs/get': (params) => (params.jobId === 'broken' ? done({}) : done({ state: 'running' })) });
    const http = connect(server, { extensions: [jobs()], kind: 'exchange' });
    expect(await http.client.request('jobs/get', { jobId: 'j1' })).toMatchObject({ state: 'running' });
    const id = server.received('jobs/get')[0]!.id;
    expect(http.transport.headers.get(id)).toEqual({ 'Mcp-Name': 'j1' });
    await expect(http.client.request('jobs/get', { jobId: 'broken' })).rejects.toBeInstanceOf(InvalidResultError);

    const stdio = connect(server, { extensions: [jobs()] });
    await stdio.client.request('jobs/get', { jobId: 'j2' });
    expect(stdio.transport.headers.get(server.received('jobs/get')[2]!.id)).toBeUndefined();
  });

  it('refuses malformed or repeated extensions when the client is made', () => {
    const server = new FakeServer();
    expect(() => connect(server, { extensions: [{ id: 'jobs' }] })).toThrow(/vendor prefix/);
    expect(() => connect(server, { extensions: [jobs(), jobs()] })).toThrow(/given twice/);
    expect(() => connect(server, { extensions: [{ id: ID, resultTypes: { 'tools/call': { complete: { validate: isJob } } } }] })).toThrow(
      /belongs to the core/,
    );
  });
});
