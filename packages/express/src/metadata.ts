/**
 * `mcpMetadata(metadata)`: serves a web handler of well-known documents, such as the protected
 * resource metadata of `protectedResourceMetadata` (`@mcpkit/auth/server`, RFC 9728), from Express.
 * Requests it does not answer (it returns undefined) go on to the next middleware.
 */
import { toWebRequest, writeWebResponse } from '@mcpkit/http/node';
import type { ExpressHandler } from './mcp-express.js';
import type { MetadataHandler } from '@mcpkit/http';

const NEVER = new AbortController().signal;

/**
 * Mounts a document handler (typically the protected resource metadata) in Express, at the root.
 * @example app.use(mcpMetadata(protectedResourceMetadata({ resource, authorizationServers: [issuer] })));
 */
export function mcpMetadata(metadata: MetadataHandler): ExpressHandler {
  return (req, res, next) => {
    Promise.resolve()
      .then(() => metadata(toWebRequest(req, NEVER, false)))
      .then((response) => (response === undefined ? next() : writeWebResponse(res, response)))
      .catch(next);
  };
}
