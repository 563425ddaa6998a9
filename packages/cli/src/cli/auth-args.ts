import type { Values } from './args.js';
import { UsageError } from './exit-codes.js';
import type { AuthSettings, Target } from './invocation.js';

/**
 * The sign-in options of the commands that talk to a server (`--client-id`, `--client-secret`,
 * `--client-key`, `--client-metadata-url`, `--client-credentials`, `--workload-identity-token`,
 * `--scope`, `--token`, `--token-file`, `--no-auth`, `--no-dpop`, `--open`), checked together: they
 * only make sense with `--url`, `--token` or `--no-auth` exclude a sign-in, and a machine grant
 * (client credentials, workload identity) excludes the browser's. Messages never repeat a secret
 * or a token.
 */
export function authSettings(command: string, target: Target, values: Values): AuthSettings {
  const given = SIGN_IN.filter((option) => values[option] !== undefined && values[option] !== false);
  const token = values.token;
  if (target.kind === 'stdio') {
    if (given.length > 0 || token !== undefined || values['no-auth']) {
      const first = token !== undefined ? 'token' : values['no-auth'] ? 'no-auth' : given[0];
      throw new UsageError(`--${first} only makes sense with --url (a --stdio server is not signed in to)`, command);
    }
    return { mode: 'none' };
  }
  if (values['no-auth']) {
    if (token !== undefined) throw new UsageError('give either --token or --no-auth, not both', command);
    if (given.length > 0) throw new UsageError(`--${given[0]} signs in, but --no-auth says never to`, command);
    return { mode: 'none' };
  }
  if (token !== undefined) {
    if (given.length > 0) throw new UsageError(`--${given[0]} is for signing in; with --token nothing signs in (the token is sent as it is)`, command);
    if (token.trim() === '' || /\s/.test(token.trim()))
      throw new UsageError('--token must be one bearer token, without spaces (and without "Bearer ")', command);
    return { mode: 'token', token: token.trim() };
  }
  const clientId = values['client-id'];
  const clientSecret = values['client-secret'];
  const clientKeyFile = values['client-key'];
  if (clientSecret !== undefined && clientId === undefined) throw new UsageError('--client-secret needs the --client-id it belongs to', command);
  if (clientKeyFile !== undefined && clientId === undefined) throw new UsageError('--client-key needs the --client-id it belongs to', command);
  if (clientSecret !== undefined && clientKeyFile !== undefined)
    throw new UsageError('give --client-secret or --client-key (private_key_jwt), not both', command);
  if (clientId !== undefined && clientId.trim() === '') throw new UsageError('--client-id is empty', command);
  if (clientKeyFile !== undefined && clientKeyFile.trim() === '') throw new UsageError('--client-key needs a file path (a PKCS#8 PEM private key)', command);
  const metadataUrl = values['client-metadata-url'];
  if (metadataUrl !== undefined) checkMetadataUrl(metadataUrl, command);
  const scopes = values.scope === undefined ? [] : [...new Set(values.scope.split(/\s+/).filter((s) => s !== ''))];
  if (values.scope !== undefined && scopes.length === 0)
    throw new UsageError('--scope is empty; give the scopes separated by spaces, e.g. --scope "notes:read notes:write"', command);
  const tokenFile = values['token-file'];
  if (tokenFile !== undefined && tokenFile.trim() === '') throw new UsageError('--token-file needs a file path', command);
  const workloadTokenFile = values['workload-identity-token'];
  if (workloadTokenFile !== undefined && workloadTokenFile.trim() === '') throw new UsageError('--workload-identity-token needs a file path', command);
  const grant = machineGrant(command, values, clientId, clientSecret, clientKeyFile, workloadTokenFile);
  return {
    mode: 'oauth',
    grant,
    clientId,
    clientSecret,
    clientKeyFile,
    workloadTokenFile,
    dpop: values['no-dpop'] !== true,
    clientMetadataUrl: metadataUrl,
    scopes,
    tokenFile,
    openBrowser: values.open === true,
  };
}

const SIGN_IN = [
  'client-id',
  'client-secret',
  'client-key',
  'client-metadata-url',
  'client-credentials',
  'workload-identity-token',
  'scope',
  'token-file',
  'no-dpop',
  'open',
] as const;

/** Which grant the options ask for; a machine grant takes no browser option. */
function machineGrant(
  command: string,
  values: Values,
  clientId: string | undefined,
  clientSecret: string | undefined,
  clientKeyFile: string | undefined,
  workloadTokenFile: string | undefined,
): 'user' | 'client-credentials' | 'workload-identity' {
  const clientCredentials = values['client-credentials'] === true;
  if (clientCredentials && workloadTokenFile !== undefined) throw new UsageError('give --client-credentials or --workload-identity-token, not both', command);
  if (!clientCredentials && workloadTokenFile === undefined) return 'user';
  const flag = clientCredentials ? '--client-credentials' : '--workload-identity-token';
  for (const browserOption of ['open', 'client-metadata-url'] as const) {
    if (values[browserOption] !== undefined && values[browserOption] !== false)
      throw new UsageError(`--${browserOption} is for signing in in a browser; ${flag} signs in without one`, command);
  }
  if (clientCredentials && (clientId === undefined || (clientSecret === undefined && clientKeyFile === undefined))) {
    throw new UsageError('--client-credentials needs --client-id and its --client-secret (or --client-key for private_key_jwt)', command);
  }
  return clientCredentials ? 'client-credentials' : 'workload-identity';
}

/** A Client ID Metadata Document URL is https with a path (spec: client-registration.mdx). */
function checkMetadataUrl(text: string, command: string): void {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url === undefined || url.protocol !== 'https:' || url.pathname === '/' || url.hash !== '') {
    throw new UsageError(
      `--client-metadata-url must be an https URL with a path (the client's metadata document), e.g. https://example.com/mcpkit-client.json; got ${JSON.stringify(text)}`,
      command,
    );
  }
}
