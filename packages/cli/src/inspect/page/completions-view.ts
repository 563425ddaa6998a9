import type { Api } from './api.js';
import { fill, h, jsonBlock } from './dom.js';
import type { Store } from './store.js';
import { templateVariables } from './uri-template.js';

/**
 * Completions: pick a prompt or a resource template, one of its arguments, type a value, and see
 * what `completion/complete` suggests (the prompt and template forms also suggest as you type).
 */
export class CompletionsView {
  readonly element: HTMLElement;
  private readonly kind = h(
    'select',
    { testid: 'complete-kind' },
    h('option', { value: 'ref/prompt' }, 'a prompt'),
    h('option', { value: 'ref/resource' }, 'a resource template'),
  );
  private readonly ref = h('select', { testid: 'complete-ref' });
  private readonly argument = h('select', { testid: 'complete-argument' });
  private readonly value = h('input', { type: 'text', placeholder: 'the value typed so far', testid: 'complete-value' });
  private readonly context = h('input', { type: 'text', placeholder: '{"other": "value"} (optional)', class: 'code' });
  private readonly out = h('div', { testid: 'complete-result' });
  private prompts: { name: string; arguments?: { name: string }[] }[] = [];
  private templates: { uriTemplate: string }[] = [];

  constructor(
    private readonly store: Store,
    private readonly api: Api,
  ) {
    this.kind.addEventListener('change', () => this.drawRefs());
    this.ref.addEventListener('change', () => this.drawArguments());
    this.element = h(
      'div',
      { class: 'view', testid: 'view-completions' },
      h(
        'section',
        { class: 'card' },
        h('h3', null, 'Complete an argument'),
        h('p', { class: 'muted' }, 'completion/complete: what the server suggests for an argument of a prompt or a template.'),
        h(
          'div',
          { class: 'form-grid' },
          h('label', { class: 'field-label' }, 'of'),
          this.kind,
          h('label', { class: 'field-label' }, 'which'),
          this.ref,
          h('label', { class: 'field-label' }, 'argument'),
          this.argument,
          h('label', { class: 'field-label' }, 'value'),
          this.value,
          h('label', { class: 'field-label' }, 'context'),
          this.context,
        ),
        h('div', { class: 'actions' }, h('button', { class: 'primary', testid: 'complete', on: { click: () => void this.complete() } }, 'Complete')),
        this.out,
      ),
    );
  }

  async shown(): Promise<void> {
    if (this.store.server === undefined) return;
    const read = async (kind: string) =>
      (await this.api.post<{ pages: { items: unknown[] }[] }>('list', { kind }).catch(() => ({ pages: [] }))).pages.flatMap((p) => p.items);
    this.prompts = (await read('prompts')) as typeof this.prompts;
    this.templates = (await read('templates')) as typeof this.templates;
    this.drawRefs();
  }

  private drawRefs(): void {
    const names = this.kind.value === 'ref/prompt' ? this.prompts.map((p) => p.name) : this.templates.map((t) => t.uriTemplate);
    fill(
      this.ref,
      names.map((n) => h('option', { value: n }, n)),
    );
    this.drawArguments();
  }

  private drawArguments(): void {
    const names =
      this.kind.value === 'ref/prompt'
        ? (this.prompts.find((p) => p.name === this.ref.value)?.arguments ?? []).map((a) => a.name)
        : templateVariables(this.ref.value);
    fill(
      this.argument,
      names.map((n) => h('option', { value: n }, n)),
    );
  }

  private async complete(): Promise<void> {
    const ref = this.kind.value === 'ref/prompt' ? { type: 'ref/prompt', name: this.ref.value } : { type: 'ref/resource', uri: this.ref.value };
    let context: unknown;
    try {
      context = this.context.value.trim() === '' ? undefined : JSON.parse(this.context.value);
    } catch {
      fill(this.out, h('p', { class: 'error-text' }, 'the context is not JSON'));
      return;
    }
    try {
      const result = await this.api.post<{ completion: { values: string[]; total?: number; hasMore?: boolean } }>('complete', {
        ref,
        argument: { name: this.argument.value, value: this.value.value },
        context,
      });
      const { values, total, hasMore } = result.completion;
      fill(
        this.out,
        h('p', null, `${values.length} suggestion(s)${total !== undefined ? ` of ${total}` : ''}${hasMore ? ', more exist' : ''}:`),
        h(
          'ul',
          { class: 'values' },
          values.map((v) => h('li', null, h('code', null, v))),
        ),
        jsonBlock(result, 'the result as sent'),
      );
    } catch (error) {
      fill(this.out, h('p', { class: 'error-text' }, (error as Error).message));
    }
  }
}
