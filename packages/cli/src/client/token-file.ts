import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { OAuthStore, StoredClient, StoredTokens } from '@mcpkit/auth/client';
import { UsageError } from '../cli/exit-codes.js';

interface FileContent {
  clients: Record<string, StoredClient>;
  tokens: Record<string, StoredTokens>;
}

/**
 * `--token-file PATH`: the client registrations (per authorization server) and tokens (per MCP
 * server) of `withOAuth`, kept in one JSON file readable only by its owner (mode 0600), so the next
 * run reuses them instead of signing in again. The file is read once, and replaced whole (a temporary
 * file renamed over it) after every change.
 */
export class FileOAuthStore implements OAuthStore {
  private readonly content: FileContent;

  constructor(readonly path: string) {
    this.content = load(path);
  }

  getClient(issuer: string): StoredClient | undefined {
    return this.content.clients[issuer];
  }
  setClient(issuer: string, client: StoredClient): void {
    this.content.clients[issuer] = client;
    this.save();
  }
  deleteClient(issuer: string): void {
    delete this.content.clients[issuer];
    this.save();
  }
  getTokens(serverUrl: string): StoredTokens | undefined {
    return this.content.tokens[serverUrl];
  }
  setTokens(serverUrl: string, tokens: StoredTokens): void {
    this.content.tokens[serverUrl] = tokens;
    this.save();
  }
  deleteTokens(serverUrl: string): void {
    delete this.content.tokens[serverUrl];
    this.save();
  }

  private save(): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(this.content, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600); // writeFileSync's mode applies only to a file it creates
    renameSync(temporary, this.path);
  }
}

function load(path: string): FileContent {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { clients: {}, tokens: {} };
    throw new UsageError(`--token-file: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const content = value as Partial<FileContent> | undefined;
  if (
    typeof content !== 'object' ||
    content === null ||
    typeof content.clients !== 'object' ||
    typeof content.tokens !== 'object' ||
    content.clients === null ||
    content.tokens === null
  ) {
    throw new UsageError(`--token-file: ${path} is not a token file written by mcpkit (delete it, or name another file)`);
  }
  return { clients: content.clients, tokens: content.tokens };
}
