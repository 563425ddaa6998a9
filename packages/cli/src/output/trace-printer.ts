import type { WireEvent } from '@mcpkit/client';
import type { EraVerdict } from '@mcpkit/legacy';
import type { Style } from './style.js';
import { formatExchange, formatReplyMessage, formatStdioLine, type ExchangeHead } from './wire-format.js';

/**
 * `--trace`: prints every message on stderr as it crosses the wire. On stdio each message is one
 * line with its direction. On HTTP each exchange shows its request line, MCP headers, body and
 * status (from the transport's exchange hook), followed by the messages its reply carried. The
 * server's own stderr is shown too, marked as such.
 */
export class TracePrinter {
  constructor(
    private readonly write: (line: string) => void,
    private readonly style: Style,
    private readonly transport: 'stdio' | 'http',
  ) {}

  /** A message sent or received (the client's wire hook). */
  readonly message = (event: WireEvent): void => {
    if (this.transport === 'stdio') this.write(formatStdioLine(event.direction, event.message, this.style));
    // On HTTP the exchange hook prints what was sent, with its headers; replies follow it.
    else if (event.direction === 'receive') this.write(formatReplyMessage(event.message, this.style));
  };

  /** The head of an HTTP exchange (request and reply status). */
  readonly exchange = (head: ExchangeHead): void => {
    for (const line of formatExchange(head, this.style)) this.write(line);
  };

  /** The era verdict (and, on HTTP, the transport) as soon as it is known, and again when it changes. */
  readonly verdict = (verdict: EraVerdict): void => {
    const version = verdict.protocolVersion === undefined ? '' : ` ${verdict.protocolVersion}`;
    const transport = verdict.transport === 'http+sse' ? ' over HTTP+SSE (2024-11-05 transport)' : '';
    this.write(this.style.dim(`  verdict│ ${verdict.era}${version}${transport} (${verdict.source}): ${verdict.reason}`));
  };

  /** Text the server process wrote on its stderr. */
  readonly serverStderr = (text: string): void => {
    for (const line of text.split('\n')) if (line.trim() !== '') this.write(this.style.dim(`  server stderr│ ${line}`));
  };
}
