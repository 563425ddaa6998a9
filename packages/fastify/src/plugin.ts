/**
 * `mcpFastify`: a Fastify plugin serving any MCP endpoint (`createHttpHandler(server)`,
 * `dualEra(server).httpHandler()`, a router of them) on the node lane of `@mcpkit/http`; the
 * endpoint runs every check itself (Host with this plugin's `allowedHosts`, Origin, size). By default the plugin's
 * own scope reads no body, so the handler reads the raw bytes once, under its own size limit, and
 * answers every refusal (415, 413, 400) as MCP clients expect; `parseBody: true` uses the body
 * Fastify parsed instead (its `bodyLimit` then applies as well).
 */
import { createHostCheck, type HostAllowList, type HttpHandler, type MetadataHandler, type WebHandler } from '@mcpkit/http';
import { handleNodeRequest, toWebRequest, writeWebResponse } from '@mcpkit/http/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Options of {@link mcpFastify}. */
export interface McpFastifyOptions {
  /** The MCP endpoint (`createHttpHandler(server)`, `dualEra(server).httpHandler()`, any web handler). */
  handler: HttpHandler | WebHandler;
  /** Where it is served (default `/mcp`); POST, GET, DELETE and OPTIONS are routed to it. */
  path?: string;
  /**
   * `Host` names that may reach the endpoint (DNS rebinding). Default: localhost, 127.0.0.1 and
   * [::1] on any port; list your public names when you deploy, or `'*'`.
   */
  allowedHosts?: HostAllowList;
  /** The caller your authentication established, as the server's principal (default `request.user`). */
  principal?: (request: FastifyRequest) => unknown;
  /** Use the body Fastify parsed instead of letting the handler read the raw bytes (default false). */
  parseBody?: boolean;
  /** Served at `/.well-known/oauth-protected-resource[/…]`: the protected resource metadata (RFC 9728). */
  metadata?: MetadataHandler;
}

const WELL_KNOWN = '/.well-known/oauth-protected-resource';
const NEVER = new AbortController().signal;

/**
 * Registers the MCP endpoint (and, with `metadata`, its well-known document). Register it at the
 * root of your app: the well-known path is absolute.
 * @example await app.register(mcpFastify, { handler: createHttpHandler(server), allowedHosts: ['mcp.example.com'] });
 */
export async function mcpFastify(fastify: FastifyInstance, options: McpFastifyOptions): Promise<void> {
  const { handler } = options;
  if (typeof handler !== 'function') throw new TypeError('mcpFastify needs { handler } (an endpoint such as createHttpHandler(server))');
  const hostAllowed = createHostCheck(options.allowedHosts);
  const principalOf = options.principal ?? ((request: FastifyRequest) => (request as FastifyRequest & { user?: unknown }).user);
  const parseBody = options.parseBody === true;
  if (!parseBody) {
    // This plugin's scope only (Fastify encapsulates parsers): leave every body unread for the handler.
    fastify.removeAllContentTypeParsers();
    fastify.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  }

  fastify.route({
    method: ['POST', 'GET', 'DELETE', 'OPTIONS'],
    url: options.path ?? '/mcp',
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      await handleNodeRequest(handler, request.raw, reply.raw, { body: parseBody ? request.body : undefined, principal: principalOf(request), hostAllowed });
    },
  });

  const metadata = options.metadata;
  if (metadata !== undefined) {
    const serveMetadata = async (request: FastifyRequest, reply: FastifyReply) => {
      const response = await metadata(toWebRequest(request.raw, NEVER, false));
      if (response === undefined) return reply.callNotFound();
      reply.hijack();
      await writeWebResponse(reply.raw, response);
    };
    for (const url of [WELL_KNOWN, `${WELL_KNOWN}/*`]) fastify.route({ method: ['GET', 'OPTIONS'], url, handler: serveMetadata });
  }
}
