// What every language binding must round-trip: the official examples (each decoded into the type
// its folder names), a few legacy messages of our own for what only 2025-11-25 has, and the probes
// (an unknown member, `_meta` extension keys, nulls inside free-form JSON, empty objects).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { officialValidators } from '../helpers/oracle.js';
import { examples, PACKAGE_DIR, type Revision } from '../helpers/spec.js';

export interface Item {
  /** The `$defs` entry to decode into. */
  type: string;
  /** `<Type>/<file>.json` for an example, `probe/<name>` for a probe. */
  name: string;
  value: unknown;
}

/** The probes, by the property a user would notice if a binding lost it. */
export const PROBES = ['unknown member', '_meta extension key', 'null inside free-form JSON', 'empty object'] as const;
export type Probe = (typeof PROBES)[number];

export interface ProbeItem extends Item {
  probe: Probe;
}

/** Our own 2025-11-25 messages (upstream has no examples for that revision): `fixtures/examples-2025-11-25/<Type>/<file>.json`. */
function legacyFixtures(): Item[] {
  const root = join(PACKAGE_DIR, 'test', 'fixtures', 'examples-2025-11-25');
  return readdirSync(root)
    .sort()
    .flatMap((type) =>
      readdirSync(join(root, type))
        .sort()
        .map((file) => ({ type, name: `${type}/${file}`, value: JSON.parse(readFileSync(join(root, type, file), 'utf8')) as unknown })),
    );
}

/**
 * The examples of a revision. 2026-07-28: all 129 official examples. 2025-11-25 has no official
 * examples (shared/spec/SOURCE.md), so: the 2026-07-28 examples whose folder names a 2025-11-25
 * definition and that the official 2025-11-25 schema accepts as one, plus `legacyFixtures()`.
 */
export function exampleCorpus(rev: Revision): Item[] {
  if (rev === '2026-07-28') return examples();
  const official = officialValidators(rev);
  const has = (type: string) => {
    try {
      official(type);
      return true;
    } catch {
      return false;
    }
  };
  const borrowed = examples().filter((e) => has(e.type) && official(e.type)(e.value));
  return [...borrowed, ...legacyFixtures()];
}

const requestMeta: Record<Revision, Record<string, unknown>> = {
  '2026-07-28': {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  },
  '2025-11-25': { progressToken: 7 },
};

function callToolRequest(rev: Revision, params: Record<string, unknown>, meta: Record<string, unknown> = {}): unknown {
  return { jsonrpc: '2.0', id: 'probe-1', method: 'tools/call', params: { name: 'get_weather', ...params, _meta: { ...requestMeta[rev], ...meta } } };
}

function callToolResult(rev: Revision, result: Record<string, unknown>): unknown {
  return { ...(rev === '2026-07-28' ? { resultType: 'complete' } : {}), content: [{ type: 'text', text: 'Sunny' }], ...result };
}

/** The probes of a revision: each item must come back exactly as it went in. */
export function probeCorpus(rev: Revision): ProbeItem[] {
  const items: ProbeItem[] = [
    {
      probe: 'unknown member',
      type: 'CallToolRequest',
      name: 'probe/unknown-member-request.json',
      value: callToolRequest(rev, { arguments: { city: 'Paris' }, 'x-vendor-hint': { fast: true } }),
    },
    {
      probe: 'unknown member',
      type: 'CallToolResult',
      name: 'probe/unknown-member-result.json',
      value: callToolResult(rev, {
        futureMember: { nested: [1, 'two', { three: 3 }] },
        content: [{ type: 'text', text: 'Sunny', futureField: 'kept' }],
      }),
    },
    {
      probe: '_meta extension key',
      type: 'CallToolRequest',
      name: 'probe/meta-extension-request.json',
      value: callToolRequest(
        rev,
        { arguments: { city: 'Paris' } },
        {
          traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
          'com.example/tenant': { id: 't-1', tags: ['a'] },
        },
      ),
    },
    {
      probe: '_meta extension key',
      type: 'CallToolResult',
      name: 'probe/meta-extension-result.json',
      value: callToolResult(rev, {
        _meta: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01', 'com.example/cost': 3 },
        content: [{ type: 'text', text: 'Sunny', _meta: { 'com.example/source': 'station-12' } }],
      }),
    },
    {
      probe: 'null inside free-form JSON',
      type: 'CallToolRequest',
      name: 'probe/null-in-arguments.json',
      value: callToolRequest(rev, { arguments: { unit: null, days: [1, null, { hour: null }] } }),
    },
    {
      probe: 'null inside free-form JSON',
      type: 'CallToolResult',
      name: 'probe/null-in-structured-content.json',
      value: callToolResult(rev, { structuredContent: { temperature: null, readings: [null, 21] } }),
    },
    {
      probe: 'empty object',
      type: 'CallToolRequest',
      name: 'probe/empty-arguments.json',
      value: callToolRequest(rev, { arguments: {} }, { 'com.example/empty': {} }),
    },
    {
      probe: 'empty object',
      type: 'ClientCapabilities',
      name: 'probe/empty-capabilities.json',
      value: { roots: {}, sampling: {}, elicitation: {}, experimental: {} },
    },
  ];
  return items;
}
