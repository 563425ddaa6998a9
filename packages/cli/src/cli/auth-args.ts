import type { Values } from './args.js';
import { UsageError } from './exit-codes.js';
import type { AuthSettings, Target } from './invocation.js';

/**
 * The sign-in options of the commands that talk to a server (`--client-id`, `--client-secret`,
 * `--client-metadata-url`, `--scope`, `--token`, `--token-file`, `--no-auth`, `--open`), checked
 * together: they only make sense with `--url`, and `--token` or `--no-auth` exclude a sign-in.
 * Messages never repeat a secret or a token.
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
    if (token.trim() === '' || /\s/.test(token.trim())) throw new UsageError('--token must be one bearer token, without spaces (and without "Bearer ")', command);
    return { mode: 'token', token: token.trim() };
  }
  const clientId = values['client-id'];
  const clientSecret = values['client-secret'];
  if (clientSecret !== undefined && clientId === undefined) throw new UsageError('--client-secret needs the --client-id it belongs to', command);
  if (clientId !== undefined && clientId.trim() === '') throw new UsageError('--client-id is empty', command);
  const metadataUrl = values['client-metadata-url'];
  if (metadataUrl !== undefined) checkMetadataUrl(metadataUrl, command);
  const scopes = values.scope === undefined ? [] : [...new Set(values.scope.split(/\s+/).filter((s) => s !== ''))];
  if (values.scope !== undefined && scopes.length === 0) throw new UsageError('--scope is empty; give the scopes separated by spaces, e.g. --scope "notes:read notes:write"', command);
  const tokenFile = values['token-file'];
  if (tokenFile !== undefined && tokenFile.trim() === '') throw new UsageError('--token-file needs a file path', command);
  return {
    mode: 'oauth',
    clientId,
    clientSecret,
    clientMetadataUrl: metadataUrl,
    scopes,
    tokenFile,
    openBrowser: values.open === true,
  };
}

const SIGN_IN = ['client-id', 'client-secret', 'client-metadata-url', 'scope', 'token-file', 'open'] as const;

/** A Client ID Metadata Document URL is https with a path (spec: client-registration.mdx). */
function checkMetadataUrl(text: string, command: string): void {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url === undefined || url.protocol !== 'https:' || url.pathname === '/' || url.hash !== '') {
    throw new UsageError(`--client-metadata-url must be an https URL with a path (the client's metadata document), e.g. https://example.com/mcpkit-client.json; got ${JSON.stringify(text)}`, command);
  }
}
