/**
 * Authorization server metadata discovery: RFC 8414 and OpenID Connect Discovery URLs in the MCP
 * spec's order, and the exact `issuer` check of RFC 8414 §3.3
 * (spec: 2026-07-28/pages/basic/authorization/authorization-server-discovery.mdx).
 */
import { AuthError } from '../shared/errors.js';
import { authorizationServerMetadataCandidates, parseUrl, requireSecureUrl } from '../shared/urls.js';
import { getJson, stringArrayField, stringField, type FetchFunction } from './http.js';

/** The parts of authorization server metadata the client uses. */
export interface ServerMetadata {
  issuer: string;
  authorizationEndpoint?: string;
  tokenEndpoint: string;
  registrationEndpoint?: string;
  scopesSupported?: string[];
  codeChallengeMethodsSupported?: string[];
  tokenEndpointAuthMethodsSupported?: string[];
  grantTypesSupported?: string[];
  /** RFC 9449 §5.1: the JWS algorithms the server takes for DPoP proofs (absent: no DPoP). */
  dpopSigningAlgValuesSupported?: string[];
  /** RFC 9207 §2.3: the server puts `iss` in its authorization responses. */
  issParameterSupported: boolean;
  /** The server accepts Client ID Metadata Document URLs as client ids. */
  clientIdMetadataDocumentSupported: boolean;
  /** Where the document was found. */
  url: string;
}

/** Fetches the metadata of the authorization server `issuer`, trying each well-known URL in order. */
export async function discoverServerMetadata(fetch: FetchFunction, issuer: string, signal?: AbortSignal): Promise<ServerMetadata> {
  const issuerUrl = requireSecureUrl(parseUrl(issuer, 'The authorization server issuer'), 'The authorization server');
  if (issuerUrl.search !== '' || issuerUrl.hash !== '') {
    throw new AuthError('discovery_failed', `The issuer ${JSON.stringify(issuer)} has a query or fragment (RFC 8414 §2)`);
  }
  const failures: string[] = [];
  for (const url of authorizationServerMetadataCandidates(issuerUrl)) {
    const outcome = await getJson(fetch, url, signal);
    if (!outcome.ok) {
      failures.push(`${url}: ${outcome.reason}`);
      continue;
    }
    // RFC 8414 §3.3 / OIDC Discovery §4.3: identical strings, no normalization; otherwise never use it.
    if (outcome.body.issuer !== issuer) {
      throw new AuthError(
        'issuer_mismatch',
        `The authorization server metadata at ${url} claims issuer ${JSON.stringify(outcome.body.issuer)} but was looked up for ${JSON.stringify(issuer)}; refusing to use it`,
      );
    }
    return validate(outcome.body, issuer, url);
  }
  throw new AuthError('discovery_failed', `No authorization server metadata for ${issuer} (tried ${failures.join('; ')})`);
}

function endpoint(body: Record<string, unknown>, name: string, url: string): string | undefined {
  const value = stringField(body, name);
  if (value === undefined) return undefined;
  return requireSecureUrl(parseUrl(value, `The ${name} of ${url}`), `The ${name}`).href;
}

function validate(body: Record<string, unknown>, issuer: string, url: string): ServerMetadata {
  const tokenEndpoint = endpoint(body, 'token_endpoint', url);
  if (tokenEndpoint === undefined) throw new AuthError('discovery_failed', `The authorization server metadata at ${url} has no token_endpoint`);
  const metadata: ServerMetadata = {
    issuer,
    tokenEndpoint,
    issParameterSupported: body.authorization_response_iss_parameter_supported === true,
    clientIdMetadataDocumentSupported: body.client_id_metadata_document_supported === true,
    url,
  };
  const authorizationEndpoint = endpoint(body, 'authorization_endpoint', url);
  if (authorizationEndpoint !== undefined) metadata.authorizationEndpoint = authorizationEndpoint;
  const registrationEndpoint = endpoint(body, 'registration_endpoint', url);
  if (registrationEndpoint !== undefined) metadata.registrationEndpoint = registrationEndpoint;
  const lists = {
    scopesSupported: 'scopes_supported',
    codeChallengeMethodsSupported: 'code_challenge_methods_supported',
    tokenEndpointAuthMethodsSupported: 'token_endpoint_auth_methods_supported',
    grantTypesSupported: 'grant_types_supported',
    dpopSigningAlgValuesSupported: 'dpop_signing_alg_values_supported',
  } as const;
  for (const [key, field] of Object.entries(lists) as [keyof typeof lists, string][]) {
    const value = stringArrayField(body, field);
    if (value !== undefined) metadata[key] = value;
  }
  return metadata;
}
