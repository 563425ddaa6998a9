// The legs of a conformance run, and the scenario lists they take from the pinned suite.
import { OLDER_LEGS } from './older-legs.mjs';
import { parseRequirementsList } from './parse.mjs';

export const REVISIONS = /** @type {const} */ (['2026-07-28', '2025-11-25']);

/** The five legs of the required counts, in the order they run and print. */
export const LEGS = [
  { name: 'server-2026', role: 'server', revision: '2026-07-28', required: 37 },
  { name: 'server-2025', role: 'server', revision: '2025-11-25', required: 30 },
  { name: 'client-2026', role: 'client', revision: '2026-07-28', required: 32 },
  { name: 'client-2025', role: 'client', revision: '2025-11-25', required: 18 },
  { name: 'extra', role: 'both', revision: 'both', required: 8 },
];
/** The five legs and the older revisions' legs (older-legs.mjs), in the order they run and print. */
export const ALL_LEGS = [...LEGS, ...OLDER_LEGS];
/** Every leg a run can select: the five, the older ones, and the extensions line (extensions.mjs), outside the counts. */
export const LEG_NAMES = [...ALL_LEGS.map((l) => l.name), 'extensions'];

/**
 * The scenario sets of one revision, from `conformance list --requirements <rev>`. The "extra"
 * scenarios are the ones the requirement set runs without scoring for a reason other than being
 * an extension (`added-after-release`, `pending`): we hold ourselves to them too. Extension
 * scenarios (tasks, DPoP, client credentials, ...) are not part of these legs: the extensions line
 * runs the ones extensions.mjs lists (and the server legs' `--requirements` run includes them anyway).
 * @param {string} listOutput
 */
export function scenarioSets(listOutput) {
  const req = parseRequirementsList(listOutput);
  const extras = req.notScored.filter((n) => n.reason !== 'extension');
  return {
    revision: req.revision,
    server: req.server,
    client: req.client,
    extra: {
      server: extras.filter((e) => e.role === 'server').map((e) => e.scenario),
      client: extras.filter((e) => e.role === 'client').map((e) => e.scenario),
    },
    extension: {
      server: req.notScored.filter((n) => n.reason === 'extension' && n.role === 'server').map((n) => n.scenario),
      client: req.notScored.filter((n) => n.reason === 'extension' && n.role === 'client').map((n) => n.scenario),
    },
  };
}

/**
 * Checks the sets against the counts the issue names (37/30 server, 32/18 client, 8 extra runs),
 * so a suite that silently changed under the pin is caught before anything runs.
 * @param {Record<string, ReturnType<typeof scenarioSets>>} byRevision
 * @returns {string[]} problems, empty when all is as expected
 */
export function checkCounts(byRevision) {
  const problems = [];
  for (const leg of ALL_LEGS.filter((l) => l.role !== 'both')) {
    const sets = byRevision[leg.revision];
    if (!sets) continue;
    const n = sets[leg.role].length;
    if (n !== leg.required) problems.push(`${leg.name}: the suite lists ${n} required scenarios, expected ${leg.required}`);
  }
  if (REVISIONS.every((r) => byRevision[r])) {
    const n = REVISIONS.reduce((a, r) => a + byRevision[r].extra.server.length + byRevision[r].extra.client.length, 0);
    if (n !== 8) problems.push(`extra: the suite has ${n} unscored non-extension scenario runs, expected 8`);
  }
  return problems;
}
