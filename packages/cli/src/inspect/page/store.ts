import type {
  CallEvent,
  CallOp,
  EventBody,
  ExchangeView,
  InputAsk,
  InspectEvent,
  ListenEvent,
  LogView,
  MemoryView,
  ScenarioEvent,
  Scope,
  ServerView,
  TargetView,
  VerdictView,
  WireItem,
} from '../protocol.js';

/**
 * Everything the page knows, rebuilt from the inspector's events (the page holds no state of its
 * own that the events do not give back: a reload shows the same). Views subscribe to the topics
 * they draw and redraw only those.
 */

/** A row of the wire panel: a message (with its HTTP exchange when it had one), or a bare exchange (GET, DELETE). */
export type WireEntry =
  | { readonly kind: 'message'; readonly seq: number; readonly at: number; readonly scope: Scope; readonly item: WireItem; exchange?: ExchangeView }
  | { readonly kind: 'exchange'; readonly seq: number; readonly at: number; readonly scope: Scope; readonly exchange: ExchangeView };

/** One page call and what happened to it. */
export interface CallState {
  readonly id: string;
  readonly op: CallOp;
  readonly params: Readonly<Record<string, unknown>>;
  readonly era: 'modern' | 'legacy';
  readonly asTask: boolean;
  readonly startSeq: number;
  readonly steps: (CallEvent & { readonly seq: number })[];
  progress?: { progress: number; total?: number; message?: string };
  result?: Readonly<Record<string, unknown>>;
  error?: { message: string; hint?: string; cancelled: boolean };
  done: boolean;
}

/** A listen stream and what it brought. */
export interface ListenState {
  readonly id: string;
  readonly filter: Readonly<Record<string, unknown>>;
  ack?: { granted: Readonly<Record<string, unknown>>; denied: Readonly<Record<string, unknown>> };
  readonly notifications: { seq: number; at: number; method: string; params: Readonly<Record<string, unknown>> }[];
  ended?: { message?: string };
}

/** One replay of a seed scenario. */
export interface RunState {
  readonly scope: Scope;
  readonly index: number;
  readonly title: string;
  readonly transport: 'stdio' | 'http';
  readonly lines: (ScenarioEvent & { seq: number })[];
  done?: { ok: boolean; ms: number };
}

export type Topic = 'status' | 'verdict' | 'server' | 'wire' | 'memory' | 'calls' | 'inputs' | 'logs' | 'listens' | 'runs' | 'stderr' | 'view';

export class Store {
  target: TargetView | undefined;
  version = '';
  roots: readonly { uri: string; name?: string }[] = [];
  status: { state: string; message?: string; hint?: string } = { state: 'connecting' };
  /** The page's own link to the inspector (the event stream). */
  link: 'open' | 'lost' = 'open';
  verdicts: VerdictView[] = [];
  server: ServerView | undefined;
  readonly wire: WireEntry[] = [];
  private readonly bySeq = new Map<number, WireEntry>();
  readonly memory = new Map<Scope, MemoryView>();
  readonly calls = new Map<string, CallState>();
  readonly inputs = new Map<string, InputAsk & { seq: number; outcome?: 'answered' | 'cancelled' }>();
  readonly logs: (LogView & { seq: number; at: number })[] = [];
  readonly listens = new Map<string, ListenState>();
  readonly runs = new Map<Scope, RunState>();
  stderr = '';
  readonly warnings: string[] = [];
  trimmed = 0;
  lastSeq = 0;
  /** What the page shows: the wire scope and how messages are drawn. */
  scope: Scope = 'live';
  show: 'stdio' | 'http' | undefined;
  private readonly listeners = new Map<Topic, Set<() => void>>();
  private pending = new Set<Topic>();
  private scheduled = false;

  /** Calls `listener` after changes to `topic` (batched per frame). */
  on(topic: Topic, listener: () => void): () => void {
    let set = this.listeners.get(topic);
    if (set === undefined) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Marks a topic changed. */
  touch(topic: Topic): void {
    this.pending.add(topic);
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      const topics = this.pending;
      this.pending = new Set();
      for (const t of topics) for (const listener of this.listeners.get(t) ?? []) listener();
    });
  }

  /** How messages are drawn now: as chosen, else as the transport of the scope carried them. */
  showAs(): 'stdio' | 'http' {
    if (this.show !== undefined) return this.show;
    const run = this.runs.get(this.scope);
    return run?.transport ?? this.target?.kind ?? 'stdio';
  }

  /** The wire entry of event `seq`. */
  entry(seq: number): WireEntry | undefined {
    return this.bySeq.get(seq);
  }

  /** Applies one event. */
  apply(event: InspectEvent): void {
    if (event.seq <= this.lastSeq && event.type !== 'trimmed') return;
    this.lastSeq = Math.max(this.lastSeq, event.seq);
    const body = event as EventBody;
    switch (body.type) {
      case 'hello':
        this.target = body.target;
        this.version = body.version;
        this.roots = body.roots;
        this.touch('status');
        break;
      case 'status':
        this.status = { state: body.state, ...(body.message && { message: body.message }), ...(body.hint && { hint: body.hint }) };
        if (body.state === 'connecting') this.server = undefined;
        this.touch('status');
        this.touch('server');
        break;
      case 'verdict':
        this.verdicts.push(body.verdict);
        this.touch('verdict');
        break;
      case 'server':
        this.server = body.server;
        this.touch('server');
        this.touch('verdict');
        break;
      case 'wire': {
        const entry: WireEntry = { kind: 'message', seq: event.seq, at: event.at, scope: event.scope, item: body.wire };
        this.wire.push(entry);
        this.bySeq.set(event.seq, entry);
        this.touch('wire');
        if (event.scope === 'live') this.touch('verdict');
        if (body.wire.callId !== undefined) this.touch('calls');
        break;
      }
      case 'exchange': {
        const owner = body.forSeq === undefined ? undefined : this.bySeq.get(body.forSeq);
        if (owner !== undefined && owner.kind === 'message') owner.exchange = body.exchange;
        else {
          const entry: WireEntry = { kind: 'exchange', seq: event.seq, at: event.at, scope: event.scope, exchange: body.exchange };
          this.wire.push(entry);
          this.bySeq.set(event.seq, entry);
        }
        this.touch('wire');
        this.touch('verdict');
        break;
      }
      case 'stderr':
        this.stderr = (this.stderr + body.text).slice(-20_000);
        this.touch('stderr');
        break;
      case 'warning':
        this.warnings.push(body.text);
        if (this.warnings.length > 200) this.warnings.shift();
        this.touch('stderr');
        break;
      case 'memory':
        this.memory.set(event.scope, body.memory);
        this.touch('memory');
        break;
      case 'call':
        this.applyCall(body.call, event.seq);
        break;
      case 'input':
        this.inputs.set(body.input.id, { ...body.input, seq: event.seq });
        this.touch('inputs');
        this.touch('calls');
        break;
      case 'input-done': {
        const input = this.inputs.get(body.id);
        if (input !== undefined) input.outcome = body.outcome;
        this.touch('inputs');
        this.touch('calls');
        break;
      }
      case 'log':
        this.logs.push({ ...body.log, seq: event.seq, at: event.at });
        if (this.logs.length > 2000) this.logs.shift();
        this.touch('logs');
        this.touch('calls');
        break;
      case 'listen':
        this.applyListen(body.listen, event.seq, event.at);
        break;
      case 'scenario':
        this.applyScenario(event.scope, body.scenario, event.seq);
        break;
      case 'trimmed':
        this.trimmed += body.dropped;
        this.touch('wire');
        break;
    }
  }

  private applyCall(call: CallEvent, seq: number): void {
    if (call.kind === 'start') {
      this.calls.set(call.callId, {
        id: call.callId,
        op: call.op,
        params: call.params,
        era: call.era,
        asTask: call.asTask,
        startSeq: seq,
        steps: [],
        done: false,
      });
    } else {
      const state = this.calls.get(call.callId);
      if (state === undefined) return;
      if (call.kind === 'progress')
        state.progress = { progress: call.progress, ...(call.total !== undefined && { total: call.total }), ...(call.message && { message: call.message }) };
      else if (call.kind === 'result') {
        state.result = call.result;
        state.done = true;
      } else if (call.kind === 'error') {
        state.error = { message: call.message, ...(call.hint && { hint: call.hint }), cancelled: call.cancelled };
        state.done = true;
      } else state.steps.push({ ...call, seq });
    }
    this.touch('calls');
  }

  private applyListen(listen: ListenEvent, seq: number, at: number): void {
    if (listen.kind === 'start') this.listens.set(listen.listenId, { id: listen.listenId, filter: listen.filter, notifications: [] });
    const state = this.listens.get(listen.listenId);
    if (state === undefined) return;
    if (listen.kind === 'ack') state.ack = { granted: listen.granted, denied: listen.denied };
    else if (listen.kind === 'notification') state.notifications.push({ seq, at, method: listen.method, params: listen.params });
    else if (listen.kind === 'end') state.ended = { ...(listen.message && { message: listen.message }) };
    this.touch('listens');
  }

  private applyScenario(scope: Scope, scenario: ScenarioEvent, seq: number): void {
    if (scenario.kind === 'start') {
      this.runs.set(scope, { scope, index: scenario.index, title: scenario.title, transport: scenario.transport, lines: [] });
    } else {
      const run = this.runs.get(scope);
      if (run === undefined) return;
      if (scenario.kind === 'done') run.done = { ok: scenario.ok, ms: scenario.ms };
      else run.lines.push({ ...scenario, seq });
    }
    this.touch('runs');
  }
}
