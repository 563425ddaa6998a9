import { InputResponsesReader, type Principal } from '@mcpkit/server';
import type { TaskLease, TaskRecord } from '../store/task-store.js';
import { issueKeys } from './input-keys.js';
import { failedWith, outcomeOf, outcomeOfError, type RunOutcome } from './outcome.js';
import type { TaskService } from './task-service.js';
import { isTerminal } from './views.js';

/**
 * Runs task handlers in this process. Each running task holds a lease in its record, renewed every
 * third of `leaseMs`; a replica that dies stops renewing, and the first `tasks/get` after the lease
 * lapsed fails the task (it does not run the handler again: a tool may not be safe to repeat). The
 * renewal also notices, for each local task, a cancellation or expiry written anywhere, and aborts
 * the handler; store signals make that immediate.
 */
export class TaskRunner {
  private holderId: string | undefined;
  private readonly local = new Map<string, AbortController>();
  /** How many of the local handlers run for each owner. */
  private readonly perOwner = new Map<string | null, number>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private subscription: Promise<(() => void | Promise<void>) | undefined> | undefined;
  private closed = false;

  constructor(private readonly service: TaskService) {}

  /** This runner's identity in leases (drawn on first use: nothing random at load). */
  get holder(): string {
    this.holderId ??= globalThis.crypto.randomUUID();
    return this.holderId;
  }

  /** How many handlers run here now. */
  get running(): number {
    return this.local.size;
  }

  /** How many handlers run here now for `owner`. */
  runningFor(owner: string | null): number {
    return this.perOwner.get(owner) ?? 0;
  }

  /** A fresh lease for this runner. */
  lease(): TaskLease {
    return { holder: this.holder, until: this.service.now + this.service.settings.leaseMs };
  }

  /** Starts (or resumes, after input) the handler of a `working` task whose lease this runner holds. */
  start(record: TaskRecord): void {
    if (this.closed || this.local.has(record.taskId)) return;
    const controller = new AbortController();
    this.local.set(record.taskId, controller);
    this.perOwner.set(record.owner, this.runningFor(record.owner) + 1);
    this.watch();
    void this.execute(record, controller).catch((error: unknown) =>
      this.service.host?.onError(error, { method: 'tools/call', requestId: record.run.requestId }),
    );
  }

  /** Aborts the local handler of a task, if it runs here. */
  abort(taskId: string): void {
    this.local.get(taskId)?.abort(new Error('The task was cancelled'));
  }

  /** Stops renewing; the handlers still running here are aborted and their tasks failed. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    const unsubscribe = await this.subscription;
    await unsubscribe?.();
    const ids = [...this.local.keys()];
    for (const controller of this.local.values()) controller.abort(new Error('The server is shutting down'));
    await Promise.all(ids.map((id) => this.finish(id, failedWith(-32603, 'The server instance running this task shut down before it finished'))));
  }

  /** Renews the lease of every local task; aborts the ones that ended elsewhere or expired. */
  async renew(): Promise<void> {
    for (const [taskId, controller] of [...this.local]) {
      try {
        const renewed = await this.service.transitionQuietly(taskId, (current) => {
          if (isTerminal(current.status) || current.lease?.holder !== this.holder) return undefined;
          return { ...current, lease: this.lease() };
        });
        const record = renewed ?? (await this.service.settings.store.get(taskId));
        if (!record || isTerminal(record.status) || record.lease?.holder !== this.holder) controller.abort(new Error('The task ended elsewhere'));
        else if (this.service.expired(record)) {
          controller.abort(new Error('The task outlived its TTL'));
          await this.finish(taskId, failedWith(-32603, 'The task outlived its TTL'), true);
        }
      } catch (error) {
        this.service.host?.onError(error, { method: 'tools/call', requestId: taskId });
      }
    }
  }

  private async execute(record: TaskRecord, controller: AbortController): Promise<void> {
    const tool = this.service.tools.get(record.run.tool);
    let outcome: RunOutcome;
    if (!tool || !this.service.host) {
      outcome = failedWith(-32603, `This server no longer serves the tool ${record.run.tool}`);
    } else {
      const run = record.run;
      const ctx = this.service.host.context({
        requestId: run.requestId,
        method: 'tools/call',
        protocolVersion: run.protocolVersion,
        clientCapabilities: run.clientCapabilities,
        clientInfo: run.clientInfo,
        principal: run.principal as Principal | undefined,
        signal: controller.signal,
        transport: { name: 'task' },
      });
      ctx.input = new InputResponsesReader(run.answers as never);
      ctx.state = run.state;
      try {
        outcome = outcomeOf(await tool.definition.handler(structuredClone(run.arguments), ctx));
      } catch (error) {
        outcome = outcomeOfError(error);
      }
    }
    this.local.delete(record.taskId);
    const left = this.runningFor(record.owner) - 1;
    if (left > 0) this.perOwner.set(record.owner, left);
    else this.perOwner.delete(record.owner);
    if (this.local.size === 0 && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    // Cancelled, expired or taken over: whoever aborted the handler wrote the task's status.
    if (controller.signal.aborted) return;
    await this.finish(record.taskId, outcome);
  }

  /** Writes how a local run ended, unless the task ended meanwhile (cancelled, say). */
  private async finish(taskId: string, outcome: RunOutcome, ignoreLease = false): Promise<void> {
    await this.service.transition(taskId, (current) => {
      if (isTerminal(current.status) || (!ignoreLease && current.lease?.holder !== this.holder)) return undefined;
      switch (outcome.kind) {
        case 'completed':
          return { ...current, status: 'completed', statusMessage: undefined, result: outcome.result, lease: undefined };
        case 'failed':
          return { ...current, status: 'failed', statusMessage: outcome.message, error: outcome.error, lease: undefined };
        case 'input': {
          const { inputRequests, keys, issued } = issueKeys(current.run, outcome.requests);
          return {
            ...current,
            status: 'input_required',
            statusMessage: 'Waiting for input from the client',
            inputRequests,
            run: { ...current.run, keys, issued, state: outcome.state },
            lease: undefined,
          };
        }
      }
    });
  }

  /** Starts the lease renewal and the store subscription, on the first local task. */
  private watch(): void {
    if (this.timer === undefined) {
      this.timer = setInterval(() => void this.renew(), Math.max(1, Math.floor(this.service.settings.leaseMs / 3)));
      (this.timer as { unref?: () => void }).unref?.();
    }
    this.subscription ??= this.service.settings.store
      .subscribe((taskId) => {
        const controller = this.local.get(taskId);
        if (!controller) return;
        void this.service.settings.store.get(taskId).then(
          (record) => {
            if (!record || isTerminal(record.status) || record.lease?.holder !== this.holder) controller.abort(new Error('The task ended elsewhere'));
          },
          () => undefined,
        );
      })
      .catch((error: unknown) => {
        // Without signals, the lease renewal still notices cancellations (a third of leaseMs later).
        this.subscription = undefined;
        this.service.host?.onError(error, { method: 'tasks/cancel', requestId: 'subscribe' });
        return undefined;
      });
  }
}
