import type { CloseInfo, JsonRpcMessage, MessageTransport } from '@mcpkit/jsonrpc';
import type { WireTrace } from '@mcpkit/client';
import type { DiscoverResult } from '@mcpkit/schema';
import { probeRequest, readError, readResult, type ProbeIdentity, type ProbeReading } from './probe-reading.js';

/**
 * The era probe on a message stream (stdio, or any transport from a factory), as the 2026-07-28
 * stdio binding says: send `server/discover`; a `DiscoverResult` or a modern error means modern,
 * any other error, an error with `id: null`, a timeout, or the process exiting means legacy.
 *
 * On a timeout the probe is cancelled with `notifications/cancelled`: both eras define it, a slow
 * modern server can then stop, and a legacy server ignores a cancellation for an id it does not
 * know (2025-11-25 basic/utilities/cancellation.mdx, "Error Handling").
 */

/** How a stream probe runs. */
export interface StreamProbeOptions {
  readonly identity: ProbeIdentity;
  /** Modern versions, preferred first; the first is probed. */
  readonly modernVersions: readonly string[];
  /** Legacy versions, for a `-32022` that lists only those. */
  readonly legacyVersions: readonly string[];
  /** How long to wait for each reply. */
  readonly timeoutMs: number;
  readonly trace?: WireTrace;
}

/** What the probe found. `closed`: the transport ended during the probe (a server that exits on unknown input). */
export interface StreamProbeOutcome {
  readonly era: 'modern' | 'legacy';
  readonly protocolVersion?: string;
  readonly discover?: DiscoverResult;
  readonly reason: string;
  readonly closed: boolean;
}

/** Probes the server behind `transport` (starting it) and leaves the transport to whoever uses it next. */
export async function probeStream(transport: MessageTransport, options: StreamProbeOptions): Promise<StreamProbeOutcome> {
  await transport.start();
  let version = options.modernVersions[0] as string;
  let before = '';
  for (let attempt = 0; ; attempt++) {
    const reading = await exchange(transport, version, options);
    if (reading.closed) {
      // Closing on the retry after a -32022 does not make a modern server legacy.
      return attempt === 0
        ? { era: 'legacy', reason: reading.reason, closed: true }
        : { era: 'modern', protocolVersion: version, reason: before + reading.reason, closed: true };
    }
    const read = reading.read;
    if (read.kind === 'retry' && attempt === 0) {
      version = read.version;
      before = `${read.reason}; then `;
      continue;
    }
    // After a -32022 the era is settled as modern whatever the retry answers: never fall back then.
    if (read.kind === 'legacy' && attempt === 0) return { era: 'legacy', protocolVersion: read.version, reason: read.reason, closed: false };
    const discover = read.kind === 'modern' ? read.discover : undefined;
    return { era: 'modern', protocolVersion: version, discover, reason: before + read.reason, closed: false };
  }
}

type Exchange = { closed: true; reason: string } | { closed: false; read: ProbeReading };

/** Sends one probe and waits for its reply, an `id: null` error, the end of the stream, or the timeout. */
function exchange(transport: MessageTransport, version: string, options: StreamProbeOptions): Promise<Exchange> {
  const request = probeRequest(version, options.identity);
  const trace = (direction: 'send' | 'receive', message: JsonRpcMessage): void => {
    try {
      options.trace?.({ direction, message });
    } catch {
      // A broken trace hook must never break the probe.
    }
  };
  return new Promise<Exchange>((resolve, reject) => {
    let done = false;
    const finish = (outcome: Exchange): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // Nothing more is listened for: the next user of the transport installs its own handlers.
      transport.onMessage(ignore);
      transport.onClose(ignore);
      transport.onError(ignore);
      resolve(outcome);
    };
    const timer = setTimeout(() => {
      const cancel: JsonRpcMessage = {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: request.id, reason: `era probe timed out after ${options.timeoutMs} ms` },
      };
      trace('send', cancel);
      transport.send(cancel).then(undefined, ignore);
      finish({ closed: false, read: { kind: 'legacy', reason: `server/discover got no answer within ${options.timeoutMs} ms` } });
    }, options.timeoutMs);
    transport.onMessage((message) => {
      trace('receive', message);
      if ('method' in message) return; // a legacy server's early log line or request: not the answer
      if (message.id === request.id) {
        try {
          const read = 'error' in message ? readError(message.error, version, options.modernVersions, options.legacyVersions) : readResult(message.result);
          finish({ closed: false, read });
        } catch (error) {
          done = true;
          clearTimeout(timer);
          reject(error);
        }
      } else if (message.id === null && 'error' in message) {
        const said = `${message.error.code} ${JSON.stringify(message.error.message)}`;
        finish({
          closed: false,
          read: { kind: 'legacy', reason: `server/discover was answered with an error without id (${said}): the server could not read a modern request` },
        });
      }
    });
    transport.onError(ignore); // an unreadable line from a legacy server: keep waiting for the answer
    transport.onClose((info: CloseInfo) => {
      finish({ closed: true, reason: `the server closed the connection on server/discover (${info.reason ?? 'no reason given'})` });
    });
    trace('send', request);
    transport.send(request).then(undefined, (error: unknown) => {
      finish({ closed: true, reason: `server/discover could not be sent (${(error as Error).message})` });
    });
  });
}

function ignore(): void {}
