import type { JsonRpcMessage } from '@mcpkit/jsonrpc';
import type { Api } from './api.js';
import { fill, h, jsonBlock } from './dom.js';
import { inputForm } from './input-forms.js';
import { promptResult, readResult, toolResult } from './content-view.js';
import type { CallState, Store, WireEntry } from './store.js';

/**
 * One call, step by step, in the order things happened: each request it sent (the retry of an
 * MRTR round is a new request with a new id, carrying `inputResponses` and the `requestState`
 * echoed), each `input_required` round and what it asked, each request a legacy server sent in
 * the middle of it, the forms that answer them, progress, logs, and the result or the error.
 * Forms being filled in are kept as they are while the rest redraws, and so is what `after`
 * adds (an Apps view: its frame would reload if it left the document).
 */

type Message = WireEntry & { kind: 'message' };

function describeSend(message: JsonRpcMessage, first: boolean): string {
  if (!('method' in message)) return 'a response';
  const params = (message.params ?? {}) as Record<string, unknown>;
  const id = 'id' in message ? ` (id ${JSON.stringify(message.id)})` : '';
  if (first) return `${message.method}${id}: the request`;
  const answers = params.inputResponses ? Object.keys(params.inputResponses as object) : [];
  const state = typeof params.requestState === 'string' ? `, requestState echoed (${params.requestState.length} characters, unchanged)` : '';
  return `${message.method}${id}: a new request — the retry, with inputResponses for ${answers.join(', ') || 'nothing'}${state}`;
}

export class CallView {
  private readonly drawn = h('div');
  private readonly tail = h('div');
  readonly element = h('div', { class: 'call', testid: 'call' }, this.drawn, this.tail);
  private readonly forms = new Map<string, HTMLElement>();
  private readonly stops: (() => void)[];

  constructor(
    private readonly store: Store,
    private readonly api: Api,
    private readonly callId: string,
    private readonly after?: (call: CallState) => Node | null,
  ) {
    const draw = (): void => this.draw();
    this.stops = [store.on('calls', draw), store.on('inputs', draw), store.on('logs', draw)];
    this.draw();
  }

  /** Stops following the store (the view was replaced). */
  dispose(): void {
    for (const stop of this.stops) stop();
  }

  private draw(): void {
    const call = this.store.calls.get(this.callId);
    if (call === undefined) return;
    const items: { seq: number; node: Node }[] = [];
    const sends = this.store.wire.filter((e): e is Message => e.kind === 'message' && e.item.callId === call.id && e.item.dir === 'send');
    sends.forEach((e, i) =>
      items.push({ seq: e.seq, node: h('li', { class: 'tl-send' }, h('span', { class: 'arrow' }, '→'), describeSend(e.item.message, i === 0)) }),
    );
    for (const stepEvent of call.steps) {
      if (stepEvent.kind === 'input-round') {
        const asks = Object.entries(stepEvent.inputRequests).map(([key, request]) => `${key} (${String((request as { method?: unknown }).method ?? '?')})`);
        items.push({
          seq: stepEvent.seq,
          node: h(
            'li',
            { class: 'tl-round', testid: 'mrtr-round' },
            h('span', { class: 'arrow' }, '←'),
            h('strong', null, `input_required, round ${stepEvent.round}: `),
            `the server asks for ${asks.join(', ')}`,
            stepEvent.hasRequestState ? '; it handed back its work as requestState and forgot the request' : '; no requestState',
          ),
        });
      } else if (stepEvent.kind === 'server-request') {
        items.push({
          seq: stepEvent.seq,
          node: h(
            'li',
            { class: 'tl-server-request', testid: 'server-request' },
            h('span', { class: 'arrow' }, '⇠'),
            h('strong', null, `${stepEvent.method}: `),
            'a request from the server to the client, in the middle of the call (legacy only; modern servers never send requests)',
          ),
        });
      } else if (stepEvent.kind === 'task') {
        items.push({
          seq: stepEvent.seq,
          node: h('li', { class: 'tl-task' }, `task ${stepEvent.taskId}: ${stepEvent.status}${stepEvent.statusMessage ? ` — ${stepEvent.statusMessage}` : ''}`),
        });
      }
    }
    for (const input of this.store.inputs.values()) {
      if (input.callId !== call.id) continue;
      let form = this.forms.get(input.id);
      if (form === undefined || input.outcome !== undefined) {
        form = inputForm(input, this.api, this.store);
        if (input.outcome === undefined) this.forms.set(input.id, form);
        else this.forms.delete(input.id);
      }
      items.push({ seq: input.seq, node: h('li', { class: 'tl-input' }, form) });
    }
    items.sort((a, b) => a.seq - b.seq);
    if (call.result) {
      const isError = call.result.isError === true;
      items.push({
        seq: Number.MAX_SAFE_INTEGER,
        node: h(
          'li',
          { class: 'tl-done' },
          h('span', { class: 'arrow' }, '←'),
          h('strong', null, 'complete'),
          isError ? ': the tool reported an error (isError)' : ': the result, below',
        ),
      });
    } else if (call.error) {
      items.push({
        seq: Number.MAX_SAFE_INTEGER,
        node: h('li', { class: 'tl-failed' }, h('span', { class: 'arrow' }, '✗'), call.error.cancelled ? 'cancelled from the page' : 'failed: see below'),
      });
    }
    const logs = this.store.logs.filter((log) => log.callIds.includes(call.id));
    const progress = call.progress;
    const state = call.done ? (call.error ? (call.error.cancelled ? 'cancelled' : 'failed') : 'complete') : 'running';
    fill(
      this.drawn,
      h(
        'header',
        { class: 'call-head' },
        h('h4', null, `${call.op} `, h('code', null, String(call.params.name ?? call.params.uri ?? call.params.taskId ?? ''))),
        h('span', { class: `pill ${state}`, testid: 'call-state' }, state),
        h('span', { class: 'muted' }, ` ${call.era}${call.asTask ? ', as a task' : ''}`),
        !call.done &&
          h(
            'button',
            {
              class: 'danger small',
              testid: 'call-cancel',
              on: { click: () => void this.api.post('cancel', { callId: call.id }).catch(() => undefined) },
            },
            'Cancel',
          ),
      ),
      jsonBlock(call.params, 'params'),
      h(
        'ol',
        { class: 'timeline', testid: 'call-steps' },
        items.map((i) => i.node),
      ),
      progress &&
        h(
          'div',
          { class: 'progress', testid: 'call-progress' },
          progress.total !== undefined ? h('progress', { attrs: { max: String(progress.total), value: String(progress.progress) } }) : h('progress'),
          h(
            'span',
            null,
            ` ${progress.progress}${progress.total !== undefined ? ` / ${progress.total}` : ''}${progress.message ? ` — ${progress.message}` : ''}`,
          ),
        ),
      logs.length > 0 &&
        h(
          'ul',
          { class: 'logs', testid: 'call-logs' },
          logs.map((log) =>
            h(
              'li',
              { class: `log-${log.level}` },
              h('span', { class: 'level' }, log.level),
              log.logger && h('span', { class: 'muted' }, ` ${log.logger}`),
              ' ',
              typeof log.data === 'string' ? log.data : JSON.stringify(log.data),
            ),
          ),
        ),
      call.error &&
        h(
          'div',
          { class: 'error-box', testid: 'call-error' },
          h('p', null, call.error.message),
          call.error.hint && h('p', { class: 'muted' }, call.error.hint),
        ),
      call.result && (call.op === 'prompts/get' ? promptResult(call.result) : call.op === 'resources/read' ? readResult(call.result) : toolResult(call.result)),
    );
    const extra = this.after?.(call) ?? null;
    if (extra !== null && extra.parentNode !== this.tail) fill(this.tail, extra);
  }
}
