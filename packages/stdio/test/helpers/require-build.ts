import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Vitest global setup: the fixtures run `@mcpkit/stdio` from dist, so it must be built. */
export default function requireBuild(): void {
  const dist = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
  if (!existsSync(dist)) {
    throw new Error('packages/stdio/dist is missing: run `pnpm --filter @mcpkit/stdio build` before the tests');
  }
}
