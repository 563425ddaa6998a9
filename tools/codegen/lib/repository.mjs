// Where the repository lives, read from `repository` of packages/schema/package.json (one source for
// every binding manifest and for the Go module path).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.mjs';

/**
 * `{ url, path, directory }` of the repository: `url` its home (`https://host/owner/name`, from
 * `repository.url` without `git+` and `.git`), `path` the same without the scheme (the root of Go
 * import paths), `directory` the folder of @mcpkit/schema inside it.
 */
export function repository(root = REPO_ROOT) {
  const { repository: repo } = JSON.parse(readFileSync(join(root, 'packages', 'schema', 'package.json'), 'utf8'));
  const home = /^(?:git\+)?(https:\/\/[^/]+\/.+?)(?:\.git)?\/?$/.exec(repo?.url ?? '');
  if (!home || !repo.directory) throw new Error('codegen: packages/schema/package.json needs repository.url (https://host/path) and repository.directory');
  return { url: home[1], path: home[1].replace(/^https:\/\//, ''), directory: repo.directory };
}
