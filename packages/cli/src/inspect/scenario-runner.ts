import { httpServer, stdioServer, type DemoServer, type SessionView } from '../demo/demo-servers.js';
import { SCENARIOS } from '../demo/run-demo.js';
import { CheckFailed, type ScenarioContext } from '../demo/scenario-kit.js';
import { Transcript } from '../demo/transcript.js';
import type { WireRecord } from '../demo/wire-log.js';
import { makeStyle } from '../output/style.js';
import type { Terminal } from '../output/terminal.js';
import type { ServedEra } from '../serve/example-server.js';
import { ApiError } from './page-server.js';
import type { EventBody, InspectEvent, ScenarioInfo, Scope } from './protocol.js';
import { WireRecorder } from './wire-recorder.js';

/**
 * The four seed scenarios of `mcpkit demo`, replayed from the page: the very same scenario code
 * and checks, against the example server the CLI ships (a child `mcpkit serve-example` over
 * stdio, or one in this process on 127.0.0.1), never against anything the page names. Each run
 * has its own scope: its messages, its server's memory (as the server reports it) and each check
 * as it passes or fails.
 */

/** A terminal that prints nothing: the transcript's output goes to the page instead. */
const SILENT: Terminal = {
  out: () => undefined,
  err: () => undefined,
  errRaw: () => undefined,
  outStyle: makeStyle(false),
  errStyle: makeStyle(false),
  errIsTTY: false,
  inIsTTY: false,
};

/** The demo's transcript, told to the page. */
class PageTranscript extends Transcript {
  private readonly recorder: WireRecorder;

  constructor(
    private readonly send: (body: EventBody) => InspectEvent,
    private readonly kind: 'stdio' | 'http',
  ) {
    super(SILENT, kind);
    this.recorder = new WireRecorder(send, kind);
  }

  override section(): void {}
  override scenario(): void {}
  override note(text: string): void {
    this.send({ type: 'scenario', scenario: { kind: 'note', text } });
  }
  override pass(text: string): void {
    this.send({ type: 'scenario', scenario: { kind: 'pass', text } });
  }
  override fail(text: string): void {
    this.send({ type: 'scenario', scenario: { kind: 'fail', text } });
  }
  override done(ok: boolean, ms: number): void {
    this.send({ type: 'scenario', scenario: { kind: 'done', ok, ms } });
  }
  override memory(sessions: readonly SessionView[], extra?: string): void {
    this.send({
      type: 'memory',
      memory: { era: undefined, transport: this.kind, report: { sessions: sessions.map((s) => ({ ...s })), ...(extra !== undefined && { note: extra }) } },
    });
  }
  override readonly wire = (record: WireRecord): void => {
    if (record.kind === 'exchange') this.recorder.exchange(record.head);
    else this.recorder.message({ direction: record.direction, message: record.message });
  };
}

export class ScenarioRunner {
  private running = false;
  private runs = 0;

  constructor(private readonly emit: (scope: Scope, body: EventBody) => InspectEvent) {}

  /** The scenarios, for the page's list. */
  static list(): ScenarioInfo[] {
    return SCENARIOS.map((s, index) => ({ index, title: s.title }));
  }

  /** Starts one replay; its events arrive in scope `run-N`, which is returned. */
  start(index: unknown, transport: unknown): Scope {
    if (typeof index !== 'number' || !Number.isInteger(index) || SCENARIOS[index] === undefined)
      throw new ApiError(400, `scenario must be 0 to ${SCENARIOS.length - 1}`);
    if (transport !== 'stdio' && transport !== 'http') throw new ApiError(400, 'transport must be stdio or http');
    if (this.running) throw new ApiError(409, 'a scenario is already running; wait for it to finish');
    this.running = true;
    const scope: Scope = `run-${++this.runs}`;
    void this.run(scope, index, transport).finally(() => {
      this.running = false;
    });
    return scope;
  }

  private async run(scope: Scope, index: number, kind: 'stdio' | 'http'): Promise<void> {
    const scenario = SCENARIOS[index]!;
    const send = (body: EventBody): InspectEvent => this.emit(scope, body);
    send({ type: 'scenario', scenario: { kind: 'start', index, title: scenario.title, transport: kind } });
    const t = new PageTranscript(send, kind);
    const servers: DemoServer[] = [];
    const ctx: ScenarioContext = {
      kind,
      t,
      fault: undefined,
      async server(era: ServedEra) {
        const server = kind === 'stdio' ? stdioServer(era) : await httpServer(era);
        servers.push(server);
        return server;
      },
    };
    const begun = Date.now();
    try {
      await scenario.run(ctx);
      t.done(true, Date.now() - begun);
    } catch (error) {
      t.fail(error instanceof CheckFailed ? error.message : `the step broke: ${error instanceof Error ? error.message : String(error)}`);
      t.done(false, Date.now() - begun);
    } finally {
      await Promise.all(servers.map((s) => s.close().catch(() => undefined)));
    }
  }
}
