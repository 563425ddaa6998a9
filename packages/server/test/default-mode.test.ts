// The mode a server runs in when none is given must be right in production on every runtime:
// Workers (and Deno, and bundled Node services) have no NODE_ENV, and used to run in development
// mode, re-validating every result of every handler (issue 16).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServer, tool } from '../src/index.js';
import { failure, quiet, result } from './helpers.js';

/** A tool whose output breaks its own outputSchema: development answers -32603, production passes it on. */
const liar = () =>
  createServer({
    info: { name: 'm', version: '1' },
    tools: [tool({ name: 'liar', outputSchema: { type: 'object', required: ['sum'] }, handler: () => ({ structuredContent: { total: 1 } }) })],
    ...quiet,
  });

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('default mode', () => {
  it('is production without NODE_ENV (Workers): results are trusted', async () => {
    vi.stubEnv('NODE_ENV', undefined);
    expect((await result(liar(), 'tools/call', { name: 'liar' })).structuredContent).toEqual({ total: 1 });
  });

  it('is production where there is no process at all (a Workers isolate)', async () => {
    vi.stubGlobal('process', undefined);
    const server = liar();
    vi.unstubAllGlobals();
    expect((await result(server, 'tools/call', { name: 'liar' })).structuredContent).toEqual({ total: 1 });
  });

  it('is production when NODE_ENV says production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect((await result(liar(), 'tools/call', { name: 'liar' })).structuredContent).toEqual({ total: 1 });
  });

  it.each(['development', 'test'])('is development when NODE_ENV is %s: a result breaking its outputSchema is -32603', async (nodeEnv) => {
    vi.stubEnv('NODE_ENV', nodeEnv);
    expect(await failure(liar(), 'tools/call', { name: 'liar' })).toMatchObject({ code: -32603 });
  });

  it('an explicit mode wins over NODE_ENV', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const prod = createServer({
      info: { name: 'm', version: '1' },
      tools: [tool({ name: 'liar', outputSchema: { type: 'object', required: ['sum'] }, handler: () => ({ structuredContent: { total: 1 } }) })],
      mode: 'production',
      ...quiet,
    });
    expect((await result(prod, 'tools/call', { name: 'liar' })).structuredContent).toEqual({ total: 1 });
  });
});
