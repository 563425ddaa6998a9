import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
// @ts-expect-error a plain .mjs fixture, shared with the child process
import { registerSdk, spanJson } from './fixtures/sdk.mjs';

/** A finished span as the tests compare it (the same shape on both sides of the process boundary). */
export interface SpanRecord {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Record<string, unknown>;
  status: { code: number; message?: string };
  links: { traceId: string; spanId: string }[];
  events: string[];
}

export const SERVER_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'traced-server.mjs');

/** The SDK of this (the client's) process, registered once, with an in-memory exporter. */
export const exporter = new InMemorySpanExporter();
registerSdk(exporter);

/** The spans finished in this process so far. */
export function localSpans(): SpanRecord[] {
  return exporter.getFinishedSpans().map(spanJson as (span: unknown) => SpanRecord);
}

/** A file the server child writes its spans to, and how to read them once it exited. */
export function spanFile(): { path: string; read(): SpanRecord[]; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-otel-'));
  const path = join(dir, 'spans.jsonl');
  return {
    path,
    read: () => {
      let text = '';
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        return [];
      }
      return text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as SpanRecord);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The traced server over HTTP in a child process: its URL, and a stop that waits for its exit. */
export async function startHttpServer(spansPath: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [SERVER_SCRIPT, 'http'], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, SPANS_FILE: spansPath } });
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      buffered += chunk;
      if (buffered.includes('\n')) resolve((JSON.parse(buffered.split('\n')[0]!) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`traced-server exited with ${code} before printing its URL`)));
  });
  return { url, stop: () => stop(child) };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin?.end();
  await exited;
}

export function one(spans: SpanRecord[], name: string, kind: number): SpanRecord {
  const found = spans.filter((span) => span.name === name && span.kind === kind);
  if (found.length !== 1)
    throw new Error(`expected one ${name} span of kind ${kind}, found ${found.length} among ${spans.map((s) => `${s.name}/${s.kind}`).join(', ')}`);
  return found[0]!;
}
