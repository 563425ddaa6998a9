import { describe, expect, it } from 'vitest';
import { createServer, elicitForm, inputRequired, tool } from '../src/index.js';
import { result } from './helpers.js';

// The random-key warning is once per process: this file holds the only test that triggers it, and
// vitest runs each file in its own worker.
describe('the MCPKIT_STATE_KEYS warning', () => {
  it('comes at the first seal of a server without a key, not at createServer or for tools that never seal', async () => {
    const previous = process.env.MCPKIT_STATE_KEYS;
    delete process.env.MCPKIT_STATE_KEYS;
    try {
      const warnings: string[] = [];
      const onWarning = (message: string) => warnings.push(message);
      const schema = { type: 'object' as const, properties: { n: { type: 'string' as const } } };
      const hello = createServer({ info: { name: 'hello', version: '1' }, tools: [tool({ name: 'hi', handler: () => ({ content: [] }) })], onWarning });
      const asks = tool({ name: 'asks', handler: () => inputRequired({ q: elicitForm({ message: 'n?', requestedSchema: schema }) }) });
      const seals = tool({
        name: 'seals',
        handler: () => inputRequired({ q: elicitForm({ message: 'n?', requestedSchema: schema }) }, { state: { step: 1 } }),
      });
      const wizard = createServer({ info: { name: 'wizard', version: '1' }, tools: [asks, seals], onWarning });
      expect(warnings).toEqual([]);

      await result(hello, 'tools/call', { name: 'hi', arguments: {} });
      await result(wizard, 'tools/call', { name: 'asks', arguments: {} }, { capabilities: { elicitation: { form: {} } } });
      expect(warnings).toEqual([]); // input requests without state need no key

      const first = await result(wizard, 'tools/call', { name: 'seals', arguments: {} }, { capabilities: { elicitation: { form: {} } } });
      expect(typeof first.requestState).toBe('string');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('MCPKIT_STATE_KEYS');

      await result(wizard, 'tools/call', { name: 'seals', arguments: {} }, { capabilities: { elicitation: { form: {} } } });
      expect(warnings).toHaveLength(1);
    } finally {
      if (previous !== undefined) process.env.MCPKIT_STATE_KEYS = previous;
    }
  });

  it('a configured key ring seals without a warning', async () => {
    const warnings: string[] = [];
    const { generateStateKey } = await import('../src/state-api.js');
    const server = createServer({
      info: { name: 'keyed', version: '1' },
      state: { keys: generateStateKey('k1') },
      tools: [tool({ name: 'seals', handler: () => inputRequired({}, { state: { step: 1 } }) })],
      onWarning: (m) => warnings.push(m),
    });
    const out = await result(server, 'tools/call', { name: 'seals', arguments: {} });
    expect(out.requestState).toMatch(/^k1\./);
    expect(warnings).toEqual([]);
  });
});
