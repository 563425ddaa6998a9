// The method catalogue: what each method is, per revision.
import { describe, expect, it } from 'vitest';
import { catalogue as legacy } from '../src/2025-11-25.js';
import { catalogue, type MethodInfo } from '../src/index.js';
import { validatorFor as modernValidator } from '../src/lookup/2026-07-28.js';
import { validatorFor as legacyValidator } from '../src/lookup/2025-11-25.js';

const entry = (c: Readonly<Record<string, MethodInfo>>, method: string) => {
  const info = c[method];
  if (!info) throw new Error(`${method} is not in the catalogue`);
  return info;
};

describe('2026-07-28 catalogue', () => {
  it('tools/call: a client request that may need input, not cacheable, named by params.name', () => {
    // spec: 2026-07-28/pages/server/tools.mdx; 2026-07-28/pages/basic/patterns/mrtr.mdx;
    // spec: 2026-07-28/pages/basic/transports/streamable-http.mdx ("Standard Request Headers")
    expect(entry(catalogue, 'tools/call')).toEqual({
      method: 'tools/call',
      kind: 'request',
      direction: 'client-to-server',
      params: 'CallToolRequestParams',
      result: 'CallToolResult',
      inputRequired: true,
      cacheable: false,
      mcpName: 'name',
      capability: { side: 'server', path: ['tools'] },
      capabilities: [{ side: 'server', path: ['tools'] }],
      revisions: ['2026-07-28', '2025-11-25'],
    });
  });

  it('resources/read: cacheable, may need input, named by params.uri', () => {
    // spec: 2026-07-28/pages/server/utilities/caching.mdx; 2026-07-28/pages/server/resources.mdx
    const info = entry(catalogue, 'resources/read');
    expect(info).toMatchObject({ kind: 'request', cacheable: true, inputRequired: true, mcpName: 'uri', result: 'ReadResourceResult' });
    expect(info.capability).toEqual({ side: 'server', path: ['resources'] });
  });

  it('only tools/call, prompts/get and resources/read may return InputRequiredResult', () => {
    // spec: 2026-07-28/pages/basic/patterns/mrtr.mdx
    const mrtr = Object.values(catalogue)
      .filter((m) => m.inputRequired)
      .map((m) => m.method)
      .sort();
    expect(mrtr).toEqual(['prompts/get', 'resources/read', 'tools/call']);
    const named = Object.values(catalogue)
      .filter((m) => m.mcpName)
      .map((m) => `${m.method}:${m.mcpName}`)
      .sort();
    expect(named).toEqual(['prompts/get:name', 'resources/read:uri', 'tools/call:name']);
  });

  it('discover and the list methods carry caching hints; nothing else does', () => {
    // spec: 2026-07-28/pages/server/utilities/caching.mdx ("where hints are required")
    const cacheable = Object.values(catalogue)
      .filter((m) => m.cacheable)
      .map((m) => m.method)
      .sort();
    expect(cacheable).toEqual(['prompts/list', 'resources/list', 'resources/read', 'resources/templates/list', 'server/discover', 'tools/list']);
  });

  it('server/discover exists only in 2026-07-28; initialize only in 2025-11-25', () => {
    // spec: 2026-07-28/pages/server/discover.mdx; 2026-07-28/pages/changelog.mdx
    expect(entry(catalogue, 'server/discover').revisions).toEqual(['2026-07-28']);
    expect(catalogue).not.toHaveProperty('initialize');
    expect(entry(legacy, 'initialize').revisions).toEqual(['2025-11-25']);
    expect(legacy).not.toHaveProperty('server/discover');
  });

  it('elicitation, sampling and roots are input requests, never JSON-RPC requests', () => {
    // spec: 2026-07-28/pages/basic/patterns/mrtr.mdx; 2026-07-28/pages/client/elicitation.mdx
    for (const method of ['elicitation/create', 'sampling/createMessage', 'roots/list']) {
      expect(entry(catalogue, method).direction, method).toBe('input-request');
    }
    expect(entry(catalogue, 'elicitation/create')).toMatchObject({ result: 'ElicitResult', capability: { side: 'client', path: ['elicitation'] } });
    const serverSent = Object.values(catalogue).filter((m) => m.kind === 'request' && m.direction !== 'client-to-server');
    expect(serverSent.every((m) => m.direction === 'input-request')).toBe(true);
  });

  it('notifications: cancelled goes both ways, list changes come from the server', () => {
    // spec: 2026-07-28/pages/basic/patterns/cancellation.mdx; 2026-07-28/pages/basic/patterns/subscriptions.mdx
    expect(entry(catalogue, 'notifications/cancelled')).toMatchObject({ kind: 'notification', direction: 'both', result: undefined });
    expect(entry(catalogue, 'notifications/tools/list_changed')).toMatchObject({
      direction: 'server-to-client',
      capability: { side: 'server', path: ['tools', 'listChanged'] },
    });
  });
});

describe('2025-11-25 catalogue', () => {
  it('elicitation/create is a server-to-client request', () => {
    // spec: 2025-11-25/pages/client/elicitation.mdx
    expect(entry(legacy, 'elicitation/create')).toMatchObject({ kind: 'request', direction: 'server-to-client', inputRequired: false });
  });

  it('ping and the task methods go both ways; legacy-only methods are marked so', () => {
    // spec: 2025-11-25/pages/basic/utilities/ping.mdx; 2025-11-25/pages/basic/utilities/tasks.mdx
    expect(entry(legacy, 'ping')).toMatchObject({ direction: 'both', result: 'EmptyResult', revisions: ['2025-11-25'] });
    expect(entry(legacy, 'tasks/get').capabilities).toEqual([
      { side: 'server', path: ['tasks'] },
      { side: 'client', path: ['tasks'] },
    ]);
    for (const method of ['logging/setLevel', 'resources/subscribe', 'notifications/roots/list_changed', 'notifications/elicitation/complete']) {
      expect(entry(legacy, method).revisions, method).toEqual(['2025-11-25']);
    }
  });

  it('nothing is cacheable or input-required before 2026-07-28', () => {
    expect(Object.values(legacy).filter((m) => m.cacheable || m.inputRequired || m.mcpName)).toEqual([]);
  });
});

describe.each([
  ['2026-07-28', catalogue, modernValidator],
  ['2025-11-25', legacy, legacyValidator],
] as const)('%s catalogue', (_rev, table, validatorFor) => {
  it('names params and result types that have validators', () => {
    for (const info of Object.values(table) as MethodInfo[]) {
      if (info.params) expect(validatorFor(info.params), `${info.method} params`).toBeTypeOf('function');
      if (info.result) expect(validatorFor(info.result), `${info.method} result`).toBeTypeOf('function');
      expect(info.kind === 'request').toBe(info.result !== undefined);
    }
  });

  it('is keyed by method', () => {
    for (const [key, info] of Object.entries(table) as [string, MethodInfo][]) expect(info.method).toBe(key);
  });
});
