/**
 * The protected notes server of the README's "Putting it together", exactly as documented there: a
 * read tool needing `notes:read`, a write tool needing `notes:write`, and one endpoint that serves the
 * protected resource metadata, checks the bearer token before the body is read (`authenticate`) and
 * the tool's scopes after it (`authorize`), for modern clients or, through `dualEra`, for both eras.
 */
import { createHttpHandler } from '@mcpkit/http';
import type { DualEraServer } from '@mcpkit/legacy';
import { createServer, tool, type McpServer } from '@mcpkit/server';
import { bearerGuard, jwtVerifier, protectedResourceMetadata, scopeChallenge } from '../../src/server.js';

/** A server with one tool per scope. */
export function notesServer(notes: string[] = []): McpServer {
  const readNotes = tool({
    name: 'read_notes',
    description: 'Lists the notes',
    scopes: ['notes:read'],
    handler: () => ({ content: [{ type: 'text', text: notes.join('\n') }] }),
  });
  const writeNote = tool({
    name: 'write_note',
    description: 'Adds a note',
    scopes: ['notes:write'],
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    handler: (args) => {
      notes.push(String(args.text));
      return { content: [{ type: 'text', text: `saved: ${String(args.text)}` }] };
    },
  });
  return createServer({ info: { name: 'notes', version: '1.0.0' }, tools: [readNotes, writeNote] });
}

/**
 * The web handler of the protected endpoint (`serve(notesEndpoint(server, { resource, issuer }))` on Node):
 * `resource` is the endpoint's canonical URI, `issuer` the authorization server (JWKS at `${issuer}/jwks`),
 * `legacy` a `dualEra(server)` to serve 2025-11-25 sessions too (close it when done).
 */
export function notesEndpoint(server: McpServer, { resource, issuer, legacy }: { resource: string; issuer: string; legacy?: DualEraServer }) {
  const metadata = protectedResourceMetadata({ resource, authorizationServers: [issuer], scopesSupported: ['notes:read'] });
  const options = {
    authenticate: bearerGuard({
      resource,
      verify: jwtVerifier({ issuer, jwksUrl: `${issuer}/jwks` }),
      scopeImplications: { 'notes:admin': ['notes:read', 'notes:write'] },
    }),
    authorize: scopeChallenge({ resource, scopes: server }),
  };
  const mcp = legacy ? legacy.httpHandler(options) : createHttpHandler(server, options);
  return async (request: Request) => metadata(request) ?? mcp(request);
}
