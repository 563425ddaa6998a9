import { AsyncLocalStorage } from 'node:async_hooks';
import type { CallOptions, Step } from '@mcpkit/client';
import type { DualEraClient } from '@mcpkit/legacy';
import { TaskClient } from '@mcpkit/tasks-client';
import type { InputBroker } from './input-broker.js';
import { ApiError } from './page-server.js';
import type { CallEvent, CallOp, EventBody } from './protocol.js';

/**
 * The page's calls (`tools/call`, `prompts/get`, `resources/read`), run by the CLI's client and
 * reported step by step. On modern servers each `input_required` round is a step of its own
 * (`client.step()`): the keys the server asked, whether it handed back `requestState`, then the
 * retry. On legacy servers the requests the server sends in the middle of the call are the steps
 * (the session reports them from the wire). Progress, the result or the error, and cancellation
 * from the page complete the picture. Every message a call sends is tagged with its call id
 * (through AsyncLocalStorage), so the wire panel can show which call it belongs to.
 */

/** What the runner needs from the session. */
export interface CallRunnerDeps {
  readonly client: () => DualEraClient;
  readonly emit: (body: EventBody) => void;
  readonly broker: InputBroker;
  readonly timeoutMs: number;
  readonly describe: (error: unknown) => { message: string; hint?: string };
}

const OPS: readonly CallOp[] = ['tools/call', 'prompts/get', 'resources/read', 'tasks/result'];
/** How long a legacy call may go without an answer (the server may be waiting for the person). */
const LEGACY_CALL_TIMEOUT_MS = 3_600_000;
/** More rounds than any real tool needs: a server that keeps asking is stopped, not followed forever. */
const MAX_ROUNDS = 32;

/** Checks the page's params for an op (the client checks the rest before sending). */
function checkParams(op: CallOp, params: Record<string, unknown>): void {
  if (op === 'tasks/result') {
    if (typeof params.taskId !== 'string' || params.taskId === '') throw new ApiError(400, 'tasks/result needs a taskId');
    return;
  }
  if (op === 'resources/read') {
    if (typeof params.uri !== 'string' || params.uri === '') throw new ApiError(400, 'resources/read needs a uri');
    return;
  }
  if (typeof params.name !== 'string' || params.name === '') throw new ApiError(400, `${op} needs a name`);
  const args = params.arguments;
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) throw new ApiError(400, 'arguments must be an object');
  if (op === 'prompts/get' && args !== undefined && Object.values(args).some((v) => typeof v !== 'string'))
    throw new ApiError(400, 'prompt arguments are strings');
}

export class CallRunner {
  /** The call whose code is running (read by the wire recorder). */
  readonly current = new AsyncLocalStorage<string>();
  private readonly running = new Map<string, AbortController>();
  private next = 1;

  constructor(private readonly deps: CallRunnerDeps) {}

  /** The calls still running, oldest first. */
  inFlight(): string[] {
    return [...this.running.keys()];
  }

  /** Starts a call and returns its id at once; its steps arrive as `call` events. */
  start(op: unknown, params: unknown, asTask: boolean): string {
    if (!OPS.includes(op as CallOp)) throw new ApiError(400, `op must be one of ${OPS.join(', ')}`);
    if (typeof params !== 'object' || params === null || Array.isArray(params)) throw new ApiError(400, 'params must be an object');
    if (asTask && op !== 'tools/call') throw new ApiError(400, 'only tools/call runs as a task');
    checkParams(op as CallOp, params as Record<string, unknown>);
    const client = this.deps.client();
    const callId = `call-${this.next++}`;
    const controller = new AbortController();
    this.running.set(callId, controller);
    this.report(callId, { kind: 'start', op: op as CallOp, params: params as Record<string, unknown>, era: client.era, asTask });
    void this.current.run(callId, () => this.run(client, callId, op as CallOp, params as Record<string, unknown>, asTask, controller.signal));
    return callId;
  }

  /** Cancels a running call (stdio: notifications/cancelled; HTTP: the reply stream is closed). */
  cancel(callId: unknown): void {
    const controller = typeof callId === 'string' ? this.running.get(callId) : undefined;
    if (controller === undefined) throw new ApiError(409, `${String(callId)} is not running`);
    controller.abort(new Error('cancelled from the page'));
  }

  /** Cancels every call (the connection is going away). */
  cancelAll(): void {
    for (const controller of this.running.values()) controller.abort(new Error('the inspector is closing'));
  }

  private report(callId: string, event: DistributiveOmit<CallEvent, 'callId'>): void {
    this.deps.emit({ type: 'call', call: { ...event, callId } as CallEvent });
  }

  private async run(client: DualEraClient, callId: string, op: CallOp, params: Record<string, unknown>, asTask: boolean, signal: AbortSignal): Promise<void> {
    const options: CallOptions = {
      signal,
      // A legacy call stays in flight while a person answers the server's requests in the page, so
      // it may wait that long (the page's Cancel ends it sooner); a modern round never waits on one.
      timeoutMs: client.era === 'legacy' ? Math.max(this.deps.timeoutMs, LEGACY_CALL_TIMEOUT_MS) : this.deps.timeoutMs,
      onProgress: (p) => this.report(callId, { kind: 'progress', progress: p.progress, total: p.total, message: p.message }),
      // Legacy sessions take their handlers once, for the session; modern calls get their own.
      ...(client.era === 'modern' && { handlers: this.deps.broker.handlers(callId) }),
    };
    try {
      const result =
        op === 'tasks/result'
          ? await this.waitForTask(client, callId, params.taskId as string, options)
          : asTask
            ? await this.asTask(client, callId, params, options)
            : await this.call(client, callId, op, params, options);
      this.report(callId, { kind: 'result', result });
    } catch (error) {
      const described = this.deps.describe(error);
      this.report(callId, { kind: 'error', message: described.message, ...(described.hint && { hint: described.hint }), cancelled: signal.aborted });
    } finally {
      this.running.delete(callId);
    }
  }

  private async call(
    client: DualEraClient,
    callId: string,
    op: Exclude<CallOp, 'tasks/result'>,
    params: Record<string, unknown>,
    options: CallOptions,
  ): Promise<Record<string, unknown>> {
    if (client.era === 'legacy') {
      if (op === 'tools/call') return client.callTool(params as never, options) as Promise<Record<string, unknown>>;
      if (op === 'prompts/get') return client.getPrompt(params as never, options) as Promise<Record<string, unknown>>;
      return client.readResource(params as never, options) as Promise<Record<string, unknown>>;
    }
    let step: Step<unknown> = await client.step(op, params as never, options);
    while (step.kind === 'input_required') {
      if (step.round > MAX_ROUNDS) throw new Error(`the server asked for input ${MAX_ROUNDS} times in a row; the inspector stopped the call`);
      this.report(callId, { kind: 'input-round', round: step.round, inputRequests: step.inputRequests, hasRequestState: step.hasRequestState });
      step = await step.answer(options);
    }
    return step.result as Record<string, unknown>;
  }

  private async asTask(client: DualEraClient, callId: string, params: Record<string, unknown>, options: CallOptions): Promise<Record<string, unknown>> {
    const tasks = new TaskClient(client, client.era === 'modern' ? { handlers: this.deps.broker.handlers(callId) } : {});
    const started = await tasks.callTool(params as never, options);
    if (started.kind === 'result') return started.result as Record<string, unknown>;
    const task = started.task;
    this.report(callId, { kind: 'task', taskId: task.taskId, status: task.created?.status ?? 'working' });
    return this.waitForTask(client, callId, task.taskId, options, tasks);
  }

  /** Waits for a task's result, reporting each status the server gives. */
  private async waitForTask(client: DualEraClient, callId: string, taskId: string, options: CallOptions, given?: TaskClient): Promise<Record<string, unknown>> {
    const tasks = given ?? new TaskClient(client, client.era === 'modern' ? { handlers: this.deps.broker.handlers(callId) } : {});
    const result = await tasks.wait(taskId, {
      ...(options.signal && { signal: options.signal }),
      onStatus: (info) =>
        this.report(callId, { kind: 'task', taskId: info.taskId, status: info.status, ...(info.statusMessage && { statusMessage: info.statusMessage }) }),
    });
    return result as Record<string, unknown>;
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
