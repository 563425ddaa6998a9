import type { ServerCapabilities } from '@mcpkit/schema';
import type { Registry } from './registry.js';

/** `true` / an object: advertise; `false`: never; absent: advertise when something is registered. */
export type CapabilitySwitch<T extends object> = boolean | T;

/** What a server advertises in `server/discover`, beyond what its registry implies. */
export interface CapabilityOptions {
  /** Tools; `listChanged` (default true) says the server announces list changes to listen streams. */
  tools?: CapabilitySwitch<{ listChanged?: boolean }>;
  prompts?: CapabilitySwitch<{ listChanged?: boolean }>;
  /** Resources (and templates); `subscribe` (default true) enables `resourceSubscriptions` on listen streams. */
  resources?: CapabilitySwitch<{ listChanged?: boolean; subscribe?: boolean }>;
  /** `completion/complete`; auto: advertised when a prompt or template has completers. */
  completions?: boolean;
  /** `notifications/message` through `ctx.log` (deprecated in 2026-07-28); default true. */
  logging?: boolean;
  /** Experimental, non-standard capabilities. */
  experimental?: ServerCapabilities['experimental'];
  /** Extensions the server supports, by prefixed identifier (basic/versioning.mdx). */
  extensions?: ServerCapabilities['extensions'];
}

function decide<T extends object>(value: CapabilitySwitch<T> | undefined, present: boolean): T | undefined {
  if (value === false) return undefined;
  if (value === undefined) return present ? ({} as T) : undefined;
  return value === true ? ({} as T) : value;
}

/** Which kinds of item a server has offered at some point (auto capabilities never disappear). */
export interface Offered {
  tools: boolean;
  prompts: boolean;
  resources: boolean;
}

/** Records what `registry` offers into `offered` (flags only ever turn on). */
export function noteOffered(offered: Offered, registry: Registry): void {
  offered.tools ||= registry.tools.size > 0;
  offered.prompts ||= registry.prompts.size > 0;
  offered.resources ||= registry.resources.size + registry.templates.size > 0;
}

/**
 * The `ServerCapabilities` of a registry snapshot (architecture/index.mdx; server/*.mdx
 * "Capabilities"). A method whose capability is absent answers `-32601`. An automatic capability,
 * once advertised, stays advertised when its last item is removed (its list is then empty), so
 * clients never see a capability flap.
 */
export function computeCapabilities(registry: Registry, options: CapabilityOptions, offered: Offered): ServerCapabilities {
  const capabilities: ServerCapabilities = {};
  const tools = decide(options.tools, offered.tools);
  if (tools) capabilities.tools = { listChanged: tools.listChanged ?? true };
  const prompts = decide(options.prompts, offered.prompts);
  if (prompts) capabilities.prompts = { listChanged: prompts.listChanged ?? true };
  const resources = decide(options.resources, offered.resources);
  if (resources) capabilities.resources = { listChanged: resources.listChanged ?? true, subscribe: resources.subscribe ?? true };
  if (options.completions ?? registry.hasCompleters) capabilities.completions = {};
  if (options.logging ?? true) capabilities.logging = {};
  if (options.experimental) capabilities.experimental = options.experimental;
  if (options.extensions) capabilities.extensions = options.extensions;
  return Object.freeze(capabilities);
}
