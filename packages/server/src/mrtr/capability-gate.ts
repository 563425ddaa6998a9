import type { ClientCapabilities, InputRequest } from '@mcpkit/schema';

/**
 * The client capabilities an input request needs that `declared` (this request's
 * `clientCapabilities`) lacks, merged into `into`; returns whether anything was missing.
 *
 * Rules (basic/patterns/mrtr.mdx "Server Requirements", client/elicitation.mdx "Capabilities",
 * client/sampling.mdx): elicitation needs `elicitation` and the mode used, where `elicitation: {}`
 * means form only; sampling needs `sampling`, plus `sampling.tools` for `tools`/`toolChoice` and
 * `sampling.context` for an `includeContext` other than `none`; `roots/list` needs `roots`.
 */
export function addMissingCapabilities(request: InputRequest, declared: ClientCapabilities, into: Record<string, Record<string, unknown>>): boolean {
  const need = (capability: string, sub?: string): true => {
    const entry = (into[capability] ??= {});
    if (sub) entry[sub] = {};
    return true;
  };
  switch (request.method) {
    case 'elicitation/create': {
      const elicitation = declared.elicitation as { form?: unknown; url?: unknown } | undefined;
      const mode = (request.params as { mode?: string }).mode ?? 'form';
      if (mode === 'url') return elicitation?.url ? false : need('elicitation', 'url');
      const formOk = !!elicitation && (elicitation.form !== undefined || elicitation.url === undefined);
      return formOk ? false : need('elicitation', 'form');
    }
    case 'sampling/createMessage': {
      const sampling = declared.sampling as { tools?: unknown; context?: unknown } | undefined;
      const params = request.params as { tools?: unknown; toolChoice?: unknown; includeContext?: string };
      let missing = false;
      if (!sampling) missing = need('sampling');
      if ((params.tools !== undefined || params.toolChoice !== undefined) && sampling?.tools === undefined) {
        missing = need('sampling', 'tools');
      }
      if (params.includeContext !== undefined && params.includeContext !== 'none' && sampling?.context === undefined) {
        missing = need('sampling', 'context');
      }
      return missing;
    }
    case 'roots/list':
      return declared.roots ? false : need('roots');
    default:
      return false;
  }
}

/** Whether the client declared, in this request, every capability `request` needs. */
export function clientSupports(request: InputRequest, declared: ClientCapabilities): boolean {
  return !addMissingCapabilities(request, declared, {});
}
