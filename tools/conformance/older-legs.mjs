// The legs of the older revisions our code claims to handle (2025-06-18, 2025-03-26): the suite has
// no frozen requirement set for them, so their scenarios are what `list --spec-version <rev>` names
// (the scenarios that apply at that revision, the 2025-03-26 auth back-compat ones included).
import { stripAnsi } from './parse.mjs';

/** The older legs, after the five of legs.mjs; counts are those the pinned suite lists. */
export const OLDER_LEGS = [
  { name: 'server-2025-06', role: 'server', revision: '2025-06-18', required: 27 },
  { name: 'client-2025-06', role: 'client', revision: '2025-06-18', required: 5 },
  { name: 'server-2025-03', role: 'server', revision: '2025-03-26', required: 1 },
  { name: 'client-2025-03', role: 'client', revision: '2025-03-26', required: 2 },
];

/** The revisions of the older legs. */
export const OLDER_REVISIONS = ['2025-06-18', '2025-03-26'];

/**
 * The scenario sets of an older revision from `conformance list --spec-version <rev>`, in the shape
 * of legs.mjs's `scenarioSets` (no extras, no extensions: every listed scenario is held to).
 * @param {string} text
 * @param {string} revision
 */
export function olderScenarioSets(text, revision) {
  const out = { revision, server: [], client: [], extra: { server: [], client: [] }, extension: { server: [], client: [] } };
  let section = null;
  for (const line of stripAnsi(text).split(/\r?\n/)) {
    if (/^Server scenarios/.test(line)) section = 'server';
    else if (/^Client scenarios/.test(line)) section = 'client';
    else if (/^\S/.test(line)) section = null; // authorization server scenarios, and anything else
    const m = /^ {2}- (\S+) \[([^\]]*)\]\s*$/.exec(line);
    if (section && m) out[section].push(m[1]);
  }
  if (out.server.length + out.client.length === 0) throw new Error(`"list --spec-version ${revision}" listed no scenarios`);
  return out;
}
