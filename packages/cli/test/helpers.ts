import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Runs the built `mcpkit` (dist/bin.js) as a child process, the way a user does, and the example
 * server as another one. Every child is killed when its test ends, whatever happened.
 */

/** The built command. */
export const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

/** What a finished `mcpkit` run left behind. */
export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const children = new Set<ChildProcess>();

/** Kills every child still running (call it in `afterAll`/`afterEach`). */
export function killChildren(): void {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
}

/** Options of `mcpkit()`. */
export interface RunOptions {
  /** Written to stdin, which is then closed (default: stdin closed at once). */
  readonly input?: string;
  /** Extra environment. */
  readonly env?: Record<string, string>;
  /** Called with each stderr chunk (to react to a line, e.g. send SIGINT). */
  readonly onStderr?: (text: string, child: ChildProcess) => void;
  /** Killed after this long (default 60 s): a hung command fails its test instead of hanging it. */
  readonly killAfterMs?: number;
}

/** Runs `mcpkit ...args` to completion. */
export function mcpkit(args: readonly string[], options: RunOptions = {}): Promise<Run> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
    options.onStderr?.(text, child);
  });
  child.stdin!.end(options.input ?? '');
  const timer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 600_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The `--stdio` text that runs the example server (`era`: dual, modern or legacy). */
export function exampleStdio(era: 'dual' | 'modern' | 'legacy' = 'dual'): string {
  return `"${process.execPath}" "${BIN}" serve-example --transport stdio --era ${era}`;
}

/** A running `mcpkit serve-example --transport http`. */
export interface HttpExample {
  readonly endpoint: string;
  /** Resolves with the server's stderr once it matches `pattern` (as soon as a chunk makes it match). */
  stderrMatching(pattern: RegExp): Promise<string>;
  stop(): Promise<void>;
}

/** Starts `mcpkit serve-example --transport http --port 0 --era ERA [...extra]` and waits for its endpoint. */
export function startExample(era: 'dual' | 'modern' | 'legacy' = 'dual', port = 0, extra: readonly string[] = []): Promise<HttpExample> {
  const child = spawn(process.execPath, [BIN, 'serve-example', '--transport', 'http', '--port', String(port), '--era', era, ...extra], {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  let stderr = '';
  const stderrMatching = (pattern: RegExp): Promise<string> =>
    new Promise((resolve) => {
      if (pattern.test(stderr)) return resolve(stderr);
      const onData = (): void => {
        if (!pattern.test(stderr)) return;
        child.stderr!.off('data', onData);
        resolve(stderr);
      };
      child.stderr!.on('data', onData);
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve-example did not start: ${stderr}`)), 540_000);
    child.stderr!.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      const match = /on (http:\/\/\S+\/mcp)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve({
          endpoint: match[1]!,
          stderrMatching,
          async stop() {
            child.kill('SIGTERM');
            await exited;
            children.delete(child);
          },
        });
      }
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve-example exited (${code}): ${stderr}`));
    });
  });
}

/** Parses stdout as JSON, failing with the output shown. */
export function json(run: Run): any {
  try {
    return JSON.parse(run.stdout);
  } catch {
    throw new Error(`stdout is not JSON (exit ${run.code}):\n${run.stdout}\nstderr:\n${run.stderr}`);
  }
}
