import type { Terminal } from '../output/terminal.js';
import { formatExchange, formatReplyMessage, formatStdioLine } from '../output/wire-format.js';
import type { SessionView } from './demo-servers.js';
import type { WireRecord } from './wire-log.js';

const INDENT = '    ';

/**
 * Prints the demo as a readable transcript on stdout: scenario titles, one line of narration per
 * step, every message as it crossed the wire (a stdio line; on HTTP the exchange with its headers
 * and status, then the messages its reply carried), the "server memory" line after each answer,
 * and each check as it passes or fails.
 */
export class Transcript {
  constructor(
    private readonly term: Terminal,
    private readonly transport: 'stdio' | 'http',
  ) {}

  private get style() {
    return this.term.outStyle;
  }

  /** A transport section. */
  section(title: string): void {
    this.term.out('');
    this.term.out(this.style.bold(this.style.blue(`━━ ${title} ${'━'.repeat(Math.max(4, 72 - title.length))}`)));
  }

  /** A scenario heading. */
  scenario(number: number, title: string): void {
    this.term.out('');
    this.term.out(this.style.bold(`${number}. ${title}`));
  }

  /** Narration: what happens next and why. */
  note(text: string): void {
    this.term.out(`${INDENT.slice(2)}${this.style.yellow('»')} ${text}`);
  }

  /** A wire event, as the transports recorded it. */
  readonly wire = (record: WireRecord): void => {
    if (record.kind === 'exchange') {
      for (const line of formatExchange(record.head, this.style, INDENT)) this.term.out(line);
    } else if (this.transport === 'stdio') {
      this.term.out(formatStdioLine(record.direction, record.message, this.style, INDENT));
    } else if (record.direction === 'receive') {
      // On HTTP a sent message is printed with its exchange (headers and status).
      this.term.out(formatReplyMessage(record.message, this.style, INDENT));
    }
  };

  /** What the server remembers now, as it says. */
  memory(sessions: readonly SessionView[], extra?: string): void {
    const label = this.style.magenta('server memory:');
    if (sessions.length === 0) {
      this.term.out(`${INDENT}${label} nothing (0 sessions${extra ? `; ${extra}` : ''})`);
      return;
    }
    for (const s of sessions) {
      const client = `${String(s.clientInfo.name ?? '?')} ${String(s.clientInfo.version ?? '')}`.trim();
      const caps = s.clientCapabilities === undefined ? '' : `, client capabilities ${JSON.stringify(s.clientCapabilities)}`;
      this.term.out(`${INDENT}${label} session ${s.id}: protocol ${s.protocolVersion}, client ${client}${caps}${extra ? `; ${extra}` : ''}`);
    }
  }

  /** A check that held. */
  pass(text: string): void {
    this.term.out(`${INDENT}${this.style.green('✓')} ${text}`);
  }

  /** A check that failed, or a step that broke. */
  fail(text: string): void {
    this.term.out(`${INDENT}${this.style.red(`✗ ${text}`)}`);
  }

  /** The end of a scenario. */
  done(ok: boolean, ms: number): void {
    this.term.out(`${INDENT.slice(2)}${ok ? this.style.green('passed') : this.style.red('FAILED')} ${this.style.dim(`in ${ms} ms`)}`);
  }
}
