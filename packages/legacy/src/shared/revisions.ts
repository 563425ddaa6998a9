/**
 * What each session-era revision added, for the checks that keep a session within the revision it
 * negotiated: a request the revision lacks fails locally with a clear error instead of reaching a
 * server that would answer it oddly, and a server request the revision lacks is refused.
 * spec: the changelogs of 2025-03-26, 2025-06-18 and 2025-11-25 (basic/…/changelog.mdx)
 */

/** The revisions in order, oldest first. */
const ORDER = ['2024-10-07', '2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];

/** A feature and the first revision that has it. */
export const FEATURE_SINCE = {
  /** `elicitation/create` (server to client). */
  elicitation: '2025-06-18',
  /** `structuredContent` in tool results, `outputSchema` on tools. */
  structuredContent: '2025-06-18',
  /** `context.arguments` of `completion/complete`. */
  completionContext: '2025-06-18',
  /** URL-mode elicitation. */
  urlElicitation: '2025-11-25',
  /** `tools` in `sampling/createMessage`. */
  samplingTools: '2025-11-25',
  /** The `tasks/*` methods. */
  tasks: '2025-11-25',
} as const;

/** A feature of `FEATURE_SINCE`. */
export type RevisionFeature = keyof typeof FEATURE_SINCE;

/** Whether `version` has `feature` (an unknown version is taken as the newest). */
export function revisionHas(version: string, feature: RevisionFeature): boolean {
  const at = ORDER.indexOf(version);
  return at === -1 || at >= ORDER.indexOf(FEATURE_SINCE[feature]);
}

/**
 * The feature a client request needs that `version` lacks, if any.
 * @example missingFeature('tasks/get', {}, '2025-06-18') // 'tasks'
 */
export function missingFeature(method: string, params: object | undefined, version: string): RevisionFeature | undefined {
  if (method.startsWith('tasks/') && !revisionHas(version, 'tasks')) return 'tasks';
  if (method === 'completion/complete' && (params as { context?: unknown } | undefined)?.context !== undefined && !revisionHas(version, 'completionContext')) {
    return 'completionContext';
  }
  return undefined;
}
