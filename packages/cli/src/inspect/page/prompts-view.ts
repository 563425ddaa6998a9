import type { Api } from './api.js';
import { Catalog } from './catalog.js';
import { h, jsonBlock } from './dom.js';
import { schemaForm } from './schema-form.js';
import type { Store } from './store.js';
import { completer, type Caller } from './tools-view.js';

/** Prompts (all pages): a form of the prompt's arguments, with completions as you type, and its messages. */

type Prompt = Record<string, unknown> & { name: string; arguments?: { name: string; description?: string; required?: boolean; title?: string }[] };

/** A prompt's arguments as the schema of a form of strings. */
export function promptSchema(prompt: Prompt): Record<string, unknown> {
  const args = prompt.arguments ?? [];
  return {
    type: 'object',
    properties: Object.fromEntries(
      args.map((a) => [a.name, { type: 'string', ...(a.description && { description: a.description }), ...(a.title && { title: a.title }) }]),
    ),
    required: args.filter((a) => a.required).map((a) => a.name),
  };
}

export class PromptsView {
  readonly element: HTMLElement;
  private readonly catalog: Catalog<Prompt>;
  private readonly detail = h('div', { class: 'detail', testid: 'prompt-detail' }, h('p', { class: 'muted' }, 'Choose a prompt.'));

  constructor(
    store: Store,
    private readonly api: Api,
    private readonly caller: Caller,
  ) {
    this.catalog = new Catalog<Prompt>(
      store,
      api,
      {
        kind: 'prompts',
        title: 'Prompts',
        capability: (caps) => caps.prompts !== undefined,
        key: (p) => p.name,
        row: (p) => [h('code', null, p.name), p.description ? h('span', { class: 'muted desc' }, String(p.description)) : ''],
        detail: (p) => this.promptDetail(p),
        changedBy: 'notifications/prompts/list_changed',
      },
      this.detail,
    );
    this.element = h('div', { class: 'view split', testid: 'view-prompts' }, this.catalog.element, this.detail);
  }

  shown(): void {
    this.catalog.ensure();
  }

  private promptDetail(prompt: Prompt): HTMLElement {
    const form = schemaForm(promptSchema(prompt), {
      idBase: `prompt-${prompt.name}`,
      complete: completer(this.api, { type: 'ref/prompt', name: prompt.name }),
    });
    const problem = h('p', { class: 'error-text' });
    const area = h('div', { class: 'call-area' });
    const get = (): void => {
      const read = form.read();
      if (!read.ok) {
        problem.textContent = read.error;
        return;
      }
      problem.textContent = '';
      void this.caller.start(area, 'prompts/get', { name: prompt.name, arguments: read.value });
    };
    return h(
      'div',
      null,
      h('h3', null, String(prompt.title ?? prompt.name)),
      prompt.description !== undefined && h('p', { class: 'prose' }, String(prompt.description)),
      h('h4', null, 'Arguments'),
      form.element,
      h('div', { class: 'actions' }, h('button', { class: 'primary', testid: 'get-prompt', on: { click: get } }, 'Get')),
      problem,
      jsonBlock(prompt, 'the prompt as listed'),
      area,
    );
  }
}
