// `--era legacy` means legacy: a server that refuses `initialize` naming modern versions fails the
// command with a message saying so (and suggesting `--era auto`), instead of a silent switch.
// spec: 2026-07-28/pages/basic/versioning.mdx (a modern-only server names its versions when refusing initialize)
import { afterAll, describe, expect, it } from 'vitest';
import { exampleStdio, killChildren, mcpkit, startExample } from './helpers.js';

afterAll(() => killChildren());

describe('--era legacy against a modern-only server', () => {
  it('on stdio: fails (exit 1), names the modern versions and suggests --era auto; the trace shows no switch', async () => {
    const run = await mcpkit(['tools', 'list', '--era', 'legacy', '--trace', '--stdio', exampleStdio('modern')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/--era legacy: the server refused initialize and names the modern versions 2026-07-28/);
    expect(run.stderr).toContain('--era auto');
    expect(run.stderr).not.toMatch(/modern .*\(probe\)/);
    expect(run.stderr).not.toContain('"method":"tools/list"');
  });

  it('on HTTP: the same refusal', async () => {
    const server = await startExample('modern');
    try {
      const run = await mcpkit(['tools', 'list', '--era', 'legacy', '--url', server.endpoint]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('names the modern versions');
      expect(run.stderr).toContain('--era auto');
    } finally {
      await server.stop();
    }
  });

  it('--era auto still finds the modern era', async () => {
    const run = await mcpkit(['tools', 'list', '--era', 'auto', '--json', '--stdio', exampleStdio('modern')]);
    expect(run.code).toBe(0);
  });
});
