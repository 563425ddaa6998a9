import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidResultError, OutputSchemaError } from '../src/index.js';
import { LeanClient, type LeanClientOptions, type ResultValidators } from '../src/lean.js';
import { resultValidators } from '../src/result-validators-entry.js';
import { cacheable, FakeServer } from './helpers/fake-server.js';
import { LoopbackTransport } from './helpers/loopback.js';

// LeanClient runs the schema checks it is handed and no others (issue 29: a bundle holds only the
// checks its program names). These tests pin what each choice checks, as a user would see it.

let client: LeanClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

const outputSchema = { type: 'object', properties: { celsius: { type: 'number' } }, required: ['celsius'] };
/** A server whose tools/call result breaks its method's schema (a text block without text) and the tool's outputSchema. */
function brokenServer(): FakeServer {
  return new FakeServer({
    'tools/list': () => cacheable({ tools: [{ name: 'weather', inputSchema: { type: 'object' }, outputSchema }] }),
    'tools/call': (params) =>
      params.name === 'shape'
        ? { resultType: 'complete', content: [{ type: 'text' }] }
        : params.name === 'odd'
          ? { resultType: 'task', content: [] }
          : { resultType: 'complete', content: [], structuredContent: { celsius: 'warm' } },
  });
}
function lean(server: FakeServer, options: LeanClientOptions): LeanClient {
  client = new LeanClient(new LoopbackTransport(server, 'stream'), { onWarning: () => {}, ...options });
  return client;
}

describe('LeanClient', () => {
  it('with resultValidators, checks results and output schemas as ModernClient does', async () => {
    const c = lean(brokenServer(), { resultValidators });
    await expect(c.callTool({ name: 'shape' })).rejects.toThrow(InvalidResultError);
    await c.listTools();
    await expect(c.callTool({ name: 'weather' })).rejects.toThrow(OutputSchemaError);
  });

  it('with false, checks no schema, output schemas included, but still refuses an unknown resultType', async () => {
    const c = lean(brokenServer(), { resultValidators: false });
    await expect(c.callTool({ name: 'shape' })).resolves.toMatchObject({ content: [{ type: 'text' }] });
    await c.listTools();
    await expect(c.callTool({ name: 'weather' })).resolves.toMatchObject({ structuredContent: { celsius: 'warm' } });
    // spec: 2026-07-28/pages/basic/index.mdx ("ResultType": an unrecognized value MUST be considered invalid)
    await expect(c.callTool({ name: 'odd' })).rejects.toThrow(/unknown resultType "task"/);
  });

  it('with a loader, awaits it once when the client starts and then checks with what it loaded', async () => {
    const load = vi.fn(async () => resultValidators);
    const c = lean(brokenServer(), { resultValidators: load });
    expect(load).not.toHaveBeenCalled();
    await expect(c.callTool({ name: 'shape' })).rejects.toThrow(InvalidResultError);
    await c.listTools();
    await expect(c.callTool({ name: 'weather' })).rejects.toThrow(OutputSchemaError);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails to start, and says why, when the loader fails; the next request tries again', async () => {
    let attempts = 0;
    const c = lean(brokenServer(), {
      resultValidators: async () => {
        attempts++;
        if (attempts === 1) throw new Error('chunk failed to load');
        return resultValidators;
      },
    });
    await expect(c.callTool({ name: 'shape' })).rejects.toThrow('chunk failed to load');
    await expect(c.callTool({ name: 'shape' })).rejects.toThrow(InvalidResultError);
  });

  it('runs a set of its own: output schemas only', async () => {
    const own: ResultValidators = { compileOutputSchema: resultValidators.compileOutputSchema };
    const c = lean(brokenServer(), { resultValidators: own });
    await expect(c.callTool({ name: 'shape' })).resolves.toMatchObject({ content: [{ type: 'text' }] });
    await c.listTools();
    await expect(c.callTool({ name: 'weather' })).rejects.toThrow(OutputSchemaError);
  });

  it('refuses to be built without a choice, naming the option (a JavaScript caller has no type check)', () => {
    const transport = new LoopbackTransport(brokenServer(), 'stream');
    for (const bad of [undefined, true, null, 'yes']) {
      expect(() => new LeanClient(transport, { resultValidators: bad } as unknown as LeanClientOptions)).toThrow(
        /resultValidators must be the checks to run \(resultValidators from @mcpkit\/client\/result-validators\), a function that loads them, or false for none/,
      );
    }
  });
});

describe('LeanClient refuses a set that names no check, instead of checking nothing', () => {
  it('a module namespace from a loader that forgot .then((m) => m.resultValidators): the first request fails, naming the fix', async () => {
    const c = lean(brokenServer(), { resultValidators: async () => ({ resultValidators }) as unknown as ResultValidators });
    await expect(c.callTool({ name: 'shape' })).rejects.toThrow(
      /the set resultValidators loaded holds no checks \(neither results nor compileOutputSchema\): pass resultValidators itself/,
    );
  });

  it('an empty set given directly: the constructor throws', () => {
    const transport = new LoopbackTransport(brokenServer(), 'stream');
    expect(() => new LeanClient(transport, { resultValidators: {} })).toThrow(/resultValidators holds no checks/);
  });
});
