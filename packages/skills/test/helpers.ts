import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Connection, type JsonObject } from '@mcpkit/jsonrpc';
import { StdioClientTransport } from '@mcpkit/stdio';

const here = dirname(fileURLToPath(import.meta.url));
export const SKILLS_STDIO = join(here, 'fixtures', 'skills-stdio.mjs');

export const sha256 = (bytes: string | Uint8Array): string => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

export const PDF_SKILL_MD = [
  '---',
  'name: pdf-processing',
  'description: Extract, fill, and assemble PDF documents',
  'license: Apache-2.0',
  'metadata:',
  '  version: "2.1.0"',
  '  released: 2026-01-02',
  '---',
  '',
  '# PDF processing',
  '',
  'Pick a template from `templates/`.',
  '',
].join('\n');
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0x01]);

/** A directory of skills, good and bad, in a fresh temporary directory; `remove()` deletes it. */
export function skillTree(): { root: string; outside: string; write(path: string, content: string | Uint8Array): void; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'mcpkit-skills-'));
  const outside = mkdtempSync(join(tmpdir(), 'mcpkit-outside-'));
  const write = (path: string, content: string | Uint8Array) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  write('pdf-processing/SKILL.md', PDF_SKILL_MD);
  write('pdf-processing/templates/invoice.md', '# Invoice\n');
  write('pdf-processing/templates/regional/eu-invoice.md', '# EU invoice\n');
  write('pdf-processing/assets/logo.png', PNG_BYTES);
  write('pdf-processing/.hidden', 'not served\n');
  write('acme/billing/refunds/SKILL.md', '---\nname: refunds\ndescription: Process refunds per policy\n---\nRefund body.\n');
  write('acme/billing/refunds/chargebacks/SKILL.md', '---\nname: chargebacks\ndescription: Handle chargebacks\n---\nNested.\n');
  write('README.md', 'Not part of any skill.\n');
  write('wrong-name/SKILL.md', '---\nname: other\ndescription: Name differs from its directory\n---\n');
  write('no-description/SKILL.md', '---\nname: no-description\n---\n');
  write('latin1/SKILL.md', new Uint8Array([...Buffer.from('---\nname: latin1\ndescription: caf'), 0xe9, ...Buffer.from('\n---\n')]));
  writeFileSync(join(outside, 'secret.txt'), 'outside the skills directory\n');
  symlinkSync(join(outside, 'secret.txt'), join(root, 'pdf-processing', 'templates', 'linked.md'));
  symlinkSync(outside, join(root, 'pdf-processing', 'linked-dir'));
  return {
    root,
    outside,
    write,
    remove: () => {
      rmSync(root, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    },
  };
}

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'skills-test', version: '0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/**
 * A bare 2026-07-28 client of the fixture server: JSON-RPC requests with the protocol `_meta`, over
 * stdio. (Not `ModernClient`: @mcpkit/client tests against examples/everything, which serves this
 * package, so depending on it here would close a cycle.)
 */
export class RawClient {
  private readonly connection: Connection;
  private started: Promise<void> | undefined;

  constructor(transport: StdioClientTransport) {
    this.connection = new Connection(transport, { timeoutMs: 10_000 });
  }

  async request(method: string, params: JsonObject = {}): Promise<JsonObject> {
    this.started ??= this.connection.start();
    await this.started;
    return this.connection.request(method, { ...params, _meta: META });
  }

  discover(): Promise<any> {
    return this.request('server/discover');
  }

  readResource(params: { uri: string }): Promise<any> {
    return this.request('resources/read', params);
  }

  close(): Promise<void> {
    return this.connection.close();
  }
}

/** A client of the fixture server serving `root` in its own process. */
export function fixtureClient(root: string, ...args: string[]): RawClient {
  return new RawClient(new StdioClientTransport({ command: process.execPath, args: [SKILLS_STDIO, root, ...args], stderr: 'ignore' }));
}
