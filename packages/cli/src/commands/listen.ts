import type { ListenNotification } from '@mcpkit/client';
import type { SubscriptionFilter } from '@mcpkit/schema';
import { ExitCode } from '../cli/exit-codes.js';
import type { ClientCommand } from '../cli/invocation.js';
import type { CommandContext } from './context.js';

/** Raised on Ctrl+C: a listen that is interrupted ends normally. */
export class Interrupted extends Error {
  override readonly name = 'Interrupted';
  constructor() {
    super('interrupted');
  }
}

function describeFilter(filter: SubscriptionFilter): string {
  const kinds = [
    filter.toolsListChanged && 'tools',
    filter.promptsListChanged && 'prompts',
    filter.resourcesListChanged && 'resources',
    ...(filter.resourceSubscriptions ?? []).map((uri) => `updates of ${uri}`),
  ].filter(Boolean);
  return kinds.length === 0 ? 'nothing' : kinds.join(', ');
}

function humanLine(notification: ListenNotification): string {
  const time = new Date().toISOString().slice(11, 23);
  const uri = notification.method === 'notifications/resources/updated' ? ` ${notification.params.uri}` : '';
  return `${time} ${notification.method}${uri}`;
}

/**
 * `mcpkit listen`: opens a listen stream (legacy: the session's notifications) and prints each
 * change notification as it arrives, a line each (`--json`: one JSON object per line), until
 * Ctrl+C or `--count N` of them. What the server granted goes to stderr.
 */
export async function listen(ctx: CommandContext, command: Extract<ClientCommand, { name: 'listen' }>): Promise<number> {
  const filter: SubscriptionFilter = {};
  if (command.filter.toolsListChanged) filter.toolsListChanged = true;
  if (command.filter.promptsListChanged) filter.promptsListChanged = true;
  if (command.filter.resourcesListChanged) filter.resourcesListChanged = true;
  if (command.filter.resourceSubscriptions.length > 0) filter.resourceSubscriptions = [...command.filter.resourceSubscriptions];
  const stream = ctx.client.listen(filter, { signal: ctx.signal });
  const style = ctx.term.errStyle;
  try {
    const ack = await stream.acknowledged;
    const denied = describeFilter(ack.denied);
    ctx.term.err(style.dim(`listening for ${describeFilter(ack.granted)}${denied === 'nothing' ? '' : `; not granted: ${denied}`} (Ctrl+C to stop)`));
    let seen = 0;
    for await (const notification of stream) {
      if (notification.method === 'notifications/subscriptions/acknowledged') continue;
      ctx.term.out(ctx.settings.json ? JSON.stringify(notification) : humanLine(notification));
      if (command.count !== undefined && ++seen >= command.count) return ExitCode.Ok;
    }
    if (ctx.signal.aborted && ctx.signal.reason instanceof Interrupted) return ExitCode.Ok;
    ctx.term.err(style.yellow('mcpkit: the server ended the listen stream'));
    return ExitCode.Ok;
  } catch (error) {
    if (ctx.signal.aborted && ctx.signal.reason instanceof Interrupted) return ExitCode.Ok;
    throw error;
  } finally {
    stream.close();
  }
}
