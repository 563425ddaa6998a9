// Debian's Chromium, headless, driven by playwright-core (the launch of tools/runtimes/browser.matrix.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function executable(): string {
  const named = process.env.MCPKIT_CHROMIUM;
  if (named) return named;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (fs.existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('Chromium is not installed: run `sh tools/setup/system-deps.sh` (Debian package chromium) or set MCPKIT_CHROMIUM');
  }
}

/** A headless Chromium with a fresh profile (`--user-data-dir`); `close()` ends it and removes the profile. */
export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-apps-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: executable(),
    headless: true,
    args: ARGS,
    viewport: { width: 800, height: 900 },
  });
  // No bound but the test's own (see vitest.config.ts).
  context.setDefaultTimeout(0);
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
