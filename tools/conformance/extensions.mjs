// The extensions line of a conformance run: the extension scenarios (not scored by the suite, not
// part of the required counts) that we hold ourselves to, per role, run at one revision, with their
// own expected-failures file and their own summary line. Adding an extension's scenarios is adding
// their names here (and documenting them in docs/conformance.md, section 1.5).

/** The revision extension scenarios run at (the suite picks 2026-07-28 for every extension scenario). */
export const EXTENSION_REVISION = '2026-07-28';

/** The extension scenarios we run, per role, in the order they print. */
export const EXTENSIONS = {
  server: [
    // The tasks extension (io.modelcontextprotocol/tasks, SEP-2663), served by @mcpkit/tasks/server
    // with the fixtures of examples/everything (src/task-tools.ts).
    'tasks-lifecycle',
    'tasks-capability-negotiation',
    'tasks-wire-fields',
    'tasks-request-state-removal',
    'tasks-mrtr-input',
    'tasks-request-headers',
    'tasks-dispatch-and-envelope',
    'tasks-status-notifications',
    'tasks-required-task-error',
    'tasks-mrtr-composition',
    // The skills extension (io.modelcontextprotocol/skills, SEP-2640), served by @mcpkit/skills with
    // the small skills directory of examples/everything (src/skills.ts).
    'sep-2640-skills-enumeration',
    'sep-2640-skills-manifest',
    'sep-2640-skills-directory',
  ],
  client: [
    // The authorization extensions (issue "Authorization beyond the core"): client credentials,
    // enterprise-managed authorization, DPoP with and without nonces, workload identity federation.
    'auth/client-credentials-jwt',
    'auth/client-credentials-basic',
    'auth/enterprise-managed-authorization',
    'auth/dpop',
    'auth/dpop-nonce',
    'auth/wif-jwt-bearer',
    // The skills extension from the host's side (@mcpkit/skills-client): no prefetch, and a SKILL.md
    // that fails its digest, size or frontmatter check is not used (examples/conformance, scenarios.ts).
    'sep-2640-client-no-prefetch',
    'sep-2640-client-verify-digest',
    'sep-2640-client-verify-size',
    'sep-2640-client-verify-frontmatter',
  ],
};

/** The expected-failures file of the extensions line (the suite's format, like the revision files). */
export const EXTENSIONS_EXPECTED_FAILURES = 'expected-failures.extensions.yml';

/**
 * Checks that every scenario we list is an extension scenario of its role in the pinned suite
 * (`list --requirements <EXTENSION_REVISION>`), and that none is listed twice, so a typo or a suite
 * that dropped or renamed one stops the run instead of quietly testing less.
 * @param {{ extension: { server: string[], client: string[] } }} sets the scenario sets of EXTENSION_REVISION
 * @param {{ server: string[], client: string[] }} [extensions]
 * @returns {string[]} problems, empty when all is as expected
 */
export function checkExtensions(sets, extensions = EXTENSIONS) {
  const problems = [];
  for (const role of ['server', 'client']) {
    const seen = new Set();
    for (const scenario of extensions[role]) {
      if (seen.has(scenario)) problems.push(`extensions: ${role} scenario ${scenario} is listed twice`);
      seen.add(scenario);
      if (!sets.extension[role].includes(scenario)) {
        problems.push(`extensions: ${scenario} is not an extension ${role} scenario of the suite at ${EXTENSION_REVISION}`);
      }
    }
  }
  return problems;
}

/**
 * The scenario sets of EXTENSION_REVISION with the extension scenarios that no requirement set
 * files (the skills ones) added from the plain listing's `[extension]` tags (parseExtensionTags).
 * @template {{ extension: { server: string[], client: string[] } }} S
 * @param {S} sets
 * @param {{ server: string[], client: string[] }} tagged
 * @returns {S}
 */
export function withTaggedExtensions(sets, tagged) {
  const union = (a, b) => [...new Set([...a, ...b])];
  return { ...sets, extension: { server: union(sets.extension.server, tagged.server), client: union(sets.extension.client, tagged.client) } };
}
