import type { CompleteResult, DiscoverResult } from '@mcpkit/schema';
import type { Style } from './style.js';

/** What the CLI knows about the connection besides the server's own answer. */
export interface ConnectionFacts {
  readonly era: 'modern' | 'legacy';
  readonly protocolVersion: string;
  /** Why this era (the probe's verdict), when known. */
  readonly reason?: string;
}

/** `discover`: identity, era and version in use, the versions offered, capabilities, instructions. */
export function formatDiscover(result: DiscoverResult, facts: ConnectionFacts, style: Style): string {
  const info = result._meta?.['io.modelcontextprotocol/serverInfo'] as { name?: string; version?: string; title?: string } | undefined;
  const name = info ? `${info.title ?? info.name ?? '?'}${info.version ? ` ${info.version}` : ''}` : style.dim('(the server did not say)');
  const capabilities = Object.entries(result.capabilities ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const flags = value && typeof value === 'object' ? Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] === true) : [];
      return flags.length > 0 ? `${key} (${flags.join(', ')})` : key;
    });
  const lines = [
    `${style.bold('server')}        ${name}`,
    `${style.bold('era')}           ${facts.era}, protocol ${facts.protocolVersion}${facts.reason ? style.dim(` (${facts.reason})`) : ''}`,
    `${style.bold('versions')}      ${(result.supportedVersions ?? []).join(', ') || style.dim('(none listed)')}`,
    `${style.bold('capabilities')}  ${capabilities.join(', ') || style.dim('(none)')}`,
  ];
  if (result.instructions) lines.push(`${style.bold('instructions')}  ${result.instructions}`);
  return lines.join('\n');
}

/** `complete`: one value per line, then how many more there are. */
export function formatCompletion(result: CompleteResult, style: Style): string {
  const { values, total, hasMore } = result.completion;
  const lines = values.length === 0 ? [style.dim('(no completions)')] : [...values];
  if (hasMore || (total !== undefined && total > values.length)) {
    lines.push(style.dim(`… ${total !== undefined ? `${total - values.length} more` : 'more'} on the server`));
  }
  return lines.join('\n');
}
