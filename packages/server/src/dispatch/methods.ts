import type { MethodHandler } from './core.js';
import { completeArgument } from '../methods/complete.js';
import { discover } from '../methods/discover.js';
import { listen } from '../methods/listen.js';
import { listPrompts, listResources, listResourceTemplates, listTools } from '../methods/lists.js';
import { getPrompt } from '../methods/prompts-get.js';
import { readResource } from '../methods/resources-read.js';
import { callTool } from '../methods/tools-call.js';

/** Every request method a 2026-07-28 server may serve (DIGEST §2), by name. */
export const METHODS: ReadonlyMap<string, MethodHandler> = new Map([
  ['server/discover', discover],
  ['tools/list', listTools],
  ['tools/call', callTool],
  ['prompts/list', listPrompts],
  ['prompts/get', getPrompt],
  ['resources/list', listResources],
  ['resources/templates/list', listResourceTemplates],
  ['resources/read', readResource],
  ['completion/complete', completeArgument],
  ['subscriptions/listen', listen],
]);

/** Methods of earlier revisions that 2026-07-28 removed (changelog.mdx); they get a -32601 that says so. */
export const REMOVED_METHODS: ReadonlySet<string> = new Set(['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe']);
