import { validateRequestParams } from '@mcpkit/schema/2026-07-28/validators/requests';
import type { MethodHandler } from '../dispatch/core.js';
import { complete } from './results.js';

/**
 * `server/discover` (server/discover.mdx): supported versions, capabilities, instructions and
 * identity, with caching hints. Every modern server serves it.
 */
export const discover: MethodHandler = {
  validate: validateRequestParams,
  enabled: () => true,
  handle(_params, _call, core, registry) {
    const { ttlMs, cacheScope } = core.cache.discover;
    return complete(core, {
      supportedVersions: core.supportedVersions as string[],
      capabilities: core.capabilities(registry),
      ...(core.instructions !== undefined && { instructions: core.instructions }),
      ttlMs,
      cacheScope,
    });
  },
};
