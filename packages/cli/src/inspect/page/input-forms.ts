import type { InputAsk } from '../protocol.js';
import type { Api } from './api.js';
import { h, jsonBlock } from './dom.js';
import { schemaForm } from './schema-form.js';
import type { Store } from './store.js';

/**
 * The server's input requests, answered here: an elicitation form generated from its
 * `requestedSchema` (accept, decline or cancel), an elicitation URL (shown as text, opened only
 * if the user chooses to), a sampling request (the user writes the model's reply), a roots
 * request (the user confirms or edits the list). The CLI checks the answer before it goes to
 * the server, and a refused answer leaves the request waiting with the reason shown.
 */

const KIND_TITLE: Record<InputAsk['kind'], string> = {
  'elicitation-form': 'The server asks the user to fill in a form',
  'elicitation-url': 'The server asks the user to open a URL',
  sampling: 'The server asks for a model’s reply (sampling)',
  roots: 'The server asks for the client’s roots',
};

function origin(ask: InputAsk): string {
  return ask.era === 'modern'
    ? `MRTR round ${ask.round}, key “${ask.key}”: inside an input_required result; the answer goes into the retry’s inputResponses`
    : `a server-initiated request (${ask.method}, id ${ask.key}) in a legacy session: the answer is a JSON-RPC response`;
}

/** A form that answers `ask`; `done` is drawn once answered or withdrawn. */
export function inputForm(ask: InputAsk & { outcome?: string }, api: Api, store: Store): HTMLElement {
  const head = h('header', null, h('h4', null, KIND_TITLE[ask.kind]), h('p', { class: 'muted' }, origin(ask)));
  if (ask.outcome !== undefined) {
    return h(
      'div',
      { class: `input-box settled ${ask.outcome}`, testid: 'input-settled' },
      head,
      h('p', null, ask.outcome === 'answered' ? '✓ answered' : '✗ withdrawn (cancelled)'),
    );
  }
  const problem = h('p', { class: 'error-text', testid: 'input-problem' });
  const send = (result: Record<string, unknown>): void => {
    problem.textContent = '';
    api.post('answer', { id: ask.id, result }).catch((error: Error) => (problem.textContent = error.message));
  };
  const params = ask.params as Record<string, unknown>;
  let body: HTMLElement;
  let actions: HTMLElement;
  switch (ask.kind) {
    case 'elicitation-form': {
      const form = schemaForm(params.requestedSchema as Record<string, unknown>, { idBase: ask.id });
      body = h('div', null, h('p', { class: 'ask-message', testid: 'input-message' }, String(params.message ?? '')), form.element);
      actions = h(
        'div',
        { class: 'actions' },
        h(
          'button',
          {
            class: 'primary',
            testid: 'input-accept',
            on: {
              click: () => {
                const read = form.read();
                if (!read.ok) problem.textContent = read.error;
                else send({ action: 'accept', content: read.value });
              },
            },
          },
          'Accept',
        ),
        h('button', { testid: 'input-decline', on: { click: () => send({ action: 'decline' }) } }, 'Decline'),
        h('button', { testid: 'input-cancel', on: { click: () => send({ action: 'cancel' }) } }, 'Cancel'),
      );
      break;
    }
    case 'elicitation-url':
      body = h(
        'div',
        null,
        h('p', { class: 'ask-message' }, String(params.message ?? '')),
        h('p', null, 'URL: ', h('code', { class: 'wrap' }, String(params.url ?? ''))),
        h('p', { class: 'muted' }, 'Open it yourself if you trust it, then say whether you completed it.'),
      );
      actions = h(
        'div',
        { class: 'actions' },
        h('button', { class: 'primary', testid: 'input-accept', on: { click: () => send({ action: 'accept' }) } }, 'I completed it'),
        h('button', { testid: 'input-decline', on: { click: () => send({ action: 'decline' }) } }, 'Decline'),
        h('button', { testid: 'input-cancel', on: { click: () => send({ action: 'cancel' }) } }, 'Cancel'),
      );
      break;
    case 'sampling': {
      const messages = Array.isArray(params.messages) ? (params.messages as Record<string, unknown>[]) : [];
      const reply = h('textarea', { rows: 3, placeholder: 'the model’s reply', testid: 'sampling-reply' });
      const model = h('input', { type: 'text', value: 'hand-written', testid: 'sampling-model' });
      body = h(
        'div',
        null,
        typeof params.systemPrompt === 'string' && h('p', { class: 'muted' }, `system: ${params.systemPrompt}`),
        h(
          'ul',
          { class: 'sampling-messages' },
          messages.map((m) => {
            const content = m.content as Record<string, unknown> | Record<string, unknown>[];
            const first = Array.isArray(content) ? content[0] : content;
            return h('li', null, h('strong', null, `${String(m.role)}: `), first?.type === 'text' ? String(first.text) : `(${String(first?.type)})`);
          }),
        ),
        h('p', { class: 'muted' }, `maxTokens ${String(params.maxTokens ?? '?')}`),
        h('label', { class: 'field-label' }, 'Reply'),
        reply,
        h('label', { class: 'field-label' }, 'Model'),
        model,
      );
      actions = h(
        'div',
        { class: 'actions' },
        h('button', { class: 'primary', testid: 'input-accept', on: { click: () => send({ text: reply.value, model: model.value }) } }, 'Send the reply'),
      );
      break;
    }
    case 'roots': {
      const area = h('textarea', { rows: 3, testid: 'roots-list', class: 'code' });
      area.value = store.roots.map((r) => `${r.uri}${r.name ? ` ${r.name}` : ''}`).join('\n');
      body = h('div', null, h('p', { class: 'muted' }, 'One root per line: a file:// URI, then an optional name.'), area);
      actions = h(
        'div',
        { class: 'actions' },
        h(
          'button',
          {
            class: 'primary',
            testid: 'input-accept',
            on: {
              click: () => {
                const roots = area.value
                  .split('\n')
                  .map((line) => line.trim())
                  .filter((line) => line !== '')
                  .map((line) => {
                    const [uri, ...name] = line.split(/\s+/);
                    return { uri, name: name.join(' ') };
                  });
                send({ roots });
              },
            },
          },
          'Send the roots',
        ),
      );
      break;
    }
  }
  return h('div', { class: 'input-box', testid: `input-${ask.kind}` }, head, body, problem, actions, jsonBlock(ask.params, 'the request as sent'));
}
