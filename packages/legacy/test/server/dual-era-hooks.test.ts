/**
 * What a dual-era endpoint exposes to the transports and to its owner: the tool header parameters
 * the HTTP handler checks, and what `onSessionStart` learns about a new legacy session.
 */
import { createServer, tool } from '@mcpkit/server';
import { describe, expect, it } from 'vitest';
import { dualEra, type LegacySessionEnd, type LegacySessionInfo } from '../../src/index.js';

const MODERN = '2026-07-28';

function regionServer() {
  return createServer({
    info: { name: 'hooks', version: '1.0.0' },
    tools: [
      tool({
        name: 'forecast',
        inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } }, required: ['region'] },
        handler: ({ region }) => ({ content: [{ type: 'text', text: `sunny in ${String(region)}` }] }),
      }),
    ],
  });
}

function callForecast(region: string, headerRegion: string): Request {
  const body = {
    jsonrpc: '2.0',
    id: 7,
    method: 'tools/call',
    params: {
      name: 'forecast',
      arguments: { region },
      _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} },
    },
  };
  return new Request('http://127.0.0.1/mcp', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': 'tools/call',
      'mcp-name': 'forecast',
      'mcp-param-region': headerRegion,
    },
    body: JSON.stringify(body),
  });
}

describe('dual-era hooks', () => {
  it('checks Mcp-Param-* headers of modern calls on a dual endpoint like a modern one', async () => {
    // spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (a decoded header that differs from the body: 400, -32020)
    const dual = dualEra(regionServer());
    const handler = dual.httpHandler();
    expect(dual.headerParams('forecast')).toEqual([expect.objectContaining({ header: 'Region', property: 'region' })]);
    expect(dual.headerParams('nope')).toBeUndefined();

    const good = await handler(callForecast('north', 'north'));
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ id: 7, result: { content: [{ text: 'sunny in north' }] } });

    const mismatched = await handler(callForecast('north', 'south'));
    expect(mismatched.status).toBe(400);
    expect(await mismatched.json()).toMatchObject({ id: 7, error: { code: -32020 } });
    await dual.close();
  });

  it('tells onSessionStart the capabilities the client declared in initialize', async () => {
    const started: LegacySessionInfo[] = [];
    const dual = dualEra(regionServer(), { onSessionStart: (info) => started.push(info) });
    const response = await dual.httpHandler()(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: { elicitation: {}, roots: { listChanged: true } }, clientInfo: { name: 't', version: '1' } },
        }),
      }),
    );
    expect(response.status).toBe(200);
    expect(started).toEqual([
      expect.objectContaining({
        transport: 'http',
        protocolVersion: '2025-11-25',
        clientInfo: { name: 't', version: '1' },
        clientCapabilities: { elicitation: {}, roots: { listChanged: true } },
      }),
    ]);
    await dual.close();
  });

  it('tells onSessionEnd when the client deletes its HTTP session', async () => {
    // spec: 2025-11-25/pages/basic/transports.mdx (session management: DELETE ends a session)
    const ended: LegacySessionEnd[] = [];
    const dual = dualEra(regionServer(), { onSessionEnd: (info) => ended.push(info) });
    const handler = dual.httpHandler();
    const init = await handler(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        }),
      }),
    );
    const id = init.headers.get('mcp-session-id');
    expect(id).toBeTruthy();
    expect(ended).toEqual([]);
    const deleted = await handler(
      new Request('http://127.0.0.1/mcp', { method: 'DELETE', headers: { 'mcp-session-id': id!, 'mcp-protocol-version': '2025-11-25' } }),
    );
    expect(deleted.status).toBe(200);
    expect(ended).toEqual([{ id, transport: 'http', reason: 'deleted' }]);
    await dual.close();
  });
});
