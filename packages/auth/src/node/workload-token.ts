/**
 * Workload identity tokens from a file, as CI systems and Kubernetes hand them out (projected service
 * account tokens, `ACTIONS_ID_TOKEN`-style files written by a runner): read again for every grant,
 * because the platform rotates the file's content.
 */
import { readFile } from 'node:fs/promises';
import { AuthError } from '../shared/errors.js';

/**
 * A `workloadIdentity.token` source that reads `path` each time a grant needs it.
 * @example withOAuth(fetch, { serverUrl, workloadIdentity: { token: workloadTokenFile('/var/run/secrets/tokens/mcp') } })
 */
export function workloadTokenFile(path: string): () => Promise<string> {
  if (typeof path !== 'string' || path.trim() === '') throw new AuthError('invalid_configuration', 'workloadTokenFile needs a file path');
  return async () => {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      throw new AuthError('invalid_configuration', `The workload identity token file ${path} cannot be read${code ? ` (${code})` : ''}`, { cause });
    }
    const token = text.trim();
    if (token === '') throw new AuthError('invalid_configuration', `The workload identity token file ${path} is empty`);
    return token;
  };
}
