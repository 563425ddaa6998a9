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
 * examples (vendor/spec/SOURCE.md), so: the 2026-07-28 examples whose folder names a 2025-11-25
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

/** A message the schema (or the spec) refuses: every binding must refuse it naming `path`. */
export interface RefusalItem extends Item {
  refusal: string;
  /** The member names and indexes leading to the member at fault. */
  path: string[];
  /** False where only a spec rule refuses it (the official schema accepts it). */
  bySchema: boolean;
}

/**
 * The strictness cases of a revision: a missing required member, `params: {}`, a wrong type, a wrong
 * type inside an array item, and an unknown `resultType` (2026-07-28; the schema types it as any
 * string but a receiver must treat an unknown value as an invalid result) or, in 2025-11-25, which
 * has no `resultType`, a value an enum does not list.
 */
export function refusalCorpus(rev: Revision): RefusalItem[] {
  const request = (params: Record<string, unknown>) => ({ jsonrpc: '2.0', id: 'refused-1', method: 'tools/call', params });
  const meta = { _meta: requestMeta[rev] };
  const items: RefusalItem[] = [
    {
      refusal: 'missing required member',
      type: 'CallToolRequest',
      name: 'refusal/missing-name.json',
      value: request({ ...meta, arguments: { city: 'Paris' } }),
      path: ['params', 'name'],
      bySchema: true,
    },
    { refusal: 'empty params', type: 'CallToolRequest', name: 'refusal/empty-params.json', value: request({}), path: ['params'], bySchema: true },
    {
      refusal: 'wrong type',
      type: 'CallToolRequest',
      name: 'refusal/name-is-a-number.json',
      value: request({ ...meta, name: 5 }),
      path: ['params', 'name'],
      bySchema: true,
    },
    {
      refusal: 'wrong type in an array item',
      type: 'CallToolResult',
      name: 'refusal/text-is-a-number.json',
      value: callToolResult(rev, { content: [{ type: 'text', text: 5 }] }),
      path: ['content', '0'],
      bySchema: true,
    },
  ];
  if (rev === '2026-07-28') {
    // spec: 2026-07-28/pages/basic/index.mdx ("ResultType": an unknown value makes the result invalid)
    items.push({
      refusal: 'unknown resultType',
      type: 'CallToolResult',
      name: 'refusal/unknown-result-type.json',
      value: { resultType: 'bogus', content: [{ type: 'text', text: 'Sunny' }] },
      path: ['resultType'],
      bySchema: false,
    });
  } else {
    items.push({
      refusal: 'unknown enum value',
      type: 'LoggingMessageNotification',
      name: 'refusal/unknown-logging-level.json',
      value: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'loud', data: 'disk almost full' } },
      path: ['params', 'level'],
      bySchema: true,
    });
  }
  return items;
}
