/**
 * Options for {@link withOAuth} from the environment the MCP conformance suite gives a client:
 * `MCP_CONFORMANCE_SCENARIO` and, for some `auth/*` scenarios, `MCP_CONFORMANCE_CONTEXT` (JSON with
 * pre-registered credentials, a `private_key_jwt` key, a workload JWT, or an enterprise IdP and ID
 * token). DPoP is left at its default (on when the authorization server advertises it). See
 * `packages/auth/CONFORMANCE.md`.
 */
import { AuthError } from '../shared/errors.js';
import type { FetchFunction } from './http.js';
import { headlessRedirect } from './headless-redirect.js';
import type { OAuthOptions } from './options.js';

/** The Client ID Metadata Document URL the suite's `auth/basic-cimd` scenario expects as client id. */
export const CONFORMANCE_CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

interface ConformanceContext {
  name?: string;
  client_id?: string;
  client_secret?: string;
  issuer?: string;
  private_key_pem?: string;
  signing_algorithm?: string;
  /** auth/wif-jwt-bearer: the workload JWT to use (the others are deliberately bad). */
  valid_jwt?: string;
  /** auth/enterprise-managed-authorization: the user's ID token and the IdP that exchanges it. */
  idp_id_token?: string;
  idp_client_id?: string;
  idp_issuer?: string;
  idp_token_endpoint?: string;
}

/**
 * Builds everything but `serverUrl` from the suite's environment variables.
 * @example withOAuth(fetch, { serverUrl, ...conformanceOAuthOptions(process.env) })
 */
export function conformanceOAuthOptions(env: Record<string, string | undefined>, fetch?: FetchFunction): Omit<OAuthOptions, 'serverUrl'> {
  const scenario = env.MCP_CONFORMANCE_SCENARIO ?? '';
  let context: ConformanceContext = {};
  if (env.MCP_CONFORMANCE_CONTEXT !== undefined && env.MCP_CONFORMANCE_CONTEXT !== '') {
    try {
      const parsed: unknown = JSON.parse(env.MCP_CONFORMANCE_CONTEXT);
      if (parsed !== null && typeof parsed === 'object') context = parsed as ConformanceContext;
    } catch (cause) {
      throw new AuthError('invalid_configuration', 'MCP_CONFORMANCE_CONTEXT is not valid JSON', { cause });
    }
  }
  const options: Omit<OAuthOptions, 'serverUrl'> = {
    redirect: headlessRedirect({ redirectUri: 'http://127.0.0.1:3000/callback', ...(fetch && { fetch }) }),
    clientMetadataUrl: CONFORMANCE_CLIENT_METADATA_URL,
    clientMetadata: { clientName: 'mcpkit conformance client' },
  };
  const name = context.name ?? scenario;
  if (name === 'auth/wif-jwt-bearer' && context.valid_jwt !== undefined) {
    options.workloadIdentity = { token: context.valid_jwt, ...(context.client_id !== undefined && { clientId: context.client_id }) };
  } else if (name === 'auth/enterprise-managed-authorization' && context.idp_id_token !== undefined && context.idp_client_id !== undefined) {
    options.enterpriseAuthorization = {
      idToken: context.idp_id_token,
      idp: {
        clientId: context.idp_client_id,
        ...(context.idp_issuer !== undefined && { issuer: context.idp_issuer }),
        ...(context.idp_token_endpoint !== undefined && { tokenEndpoint: context.idp_token_endpoint }),
      },
    };
    if (context.client_id !== undefined) {
      options.clients = [{ clientId: context.client_id, ...(context.client_secret !== undefined && { clientSecret: context.client_secret }) }];
    }
  } else if (name.startsWith('auth/client-credentials') && context.client_id !== undefined) {
    options.clientCredentials = {
      clientId: context.client_id,
      ...(context.client_secret !== undefined && { clientSecret: context.client_secret }),
      ...(context.private_key_pem !== undefined && { privateKey: context.private_key_pem }),
      ...(context.signing_algorithm !== undefined && { signingAlgorithm: context.signing_algorithm }),
    };
  } else if (context.client_id !== undefined) {
    options.clients = [
      {
        clientId: context.client_id,
        ...(context.client_secret !== undefined && { clientSecret: context.client_secret }),
        ...(context.issuer !== undefined && { issuer: context.issuer }),
      },
    ];
  }
  return options;
}
