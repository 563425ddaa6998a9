import type { Api } from './api.js';
import { Catalog } from './catalog.js';
import { fill, h, jsonBlock } from './dom.js';
import type { Store } from './store.js';
import type { Caller } from './tools-view.js';

/**
 * Tasks: the list (2025-11-25 servers; the 2026-07-28 tasks extension has none), and any task by
 * id: its status, waiting for its result (answering what it asks), cancelling it. A tool called
 * "as a task" from the tools view shows its task id and statuses in its steps.
 */

type Task = Record<string, unknown> & { taskId: string; status: string };

export class TasksView {
  readonly element: HTMLElement;
  private readonly catalog: Catalog<Task>;
  private readonly id = h('input', { type: 'text', placeholder: 'task id', testid: 'task-id' });
  private readonly out = h('div', { class: 'call-area', testid: 'task-out' });
  private readonly note = h('p', { class: 'muted' });

  constructor(
    private readonly store: Store,
    private readonly api: Api,
    private readonly caller: Caller,
  ) {
    const detail = h('div', { class: 'detail' });
    this.catalog = new Catalog<Task>(
      store,
      api,
      {
        kind: 'tasks',
        title: 'Tasks',
        key: (t) => t.taskId,
        row: (t) => [h('code', null, t.taskId), h('span', { class: 'tag' }, t.status)],
        detail: (t) => {
          this.id.value = t.taskId;
          return jsonBlock(t, 'the task as listed', true);
        },
      },
      detail,
    );
    const op = (name: 'get' | 'cancel') => async () => {
      try {
        const result = await this.api.post('task', { op: name, taskId: this.id.value.trim() });
        fill(this.out, jsonBlock(result, name === 'get' ? 'tasks/get' : 'cancelled', true));
      } catch (error) {
        fill(this.out, h('p', { class: 'error-text' }, (error as Error).message));
      }
    };
    this.element = h(
      'div',
      { class: 'view split', testid: 'view-tasks' },
      this.catalog.element,
      h(
        'div',
        { class: 'detail' },
        h('h3', null, 'A task by id'),
        this.note,
        this.id,
        h(
          'div',
          { class: 'actions' },
          h('button', { testid: 'task-get', on: { click: op('get') } }, 'Status'),
          h(
            'button',
            {
              class: 'primary',
              testid: 'task-result',
              on: { click: () => void this.caller.start(this.out, 'tasks/result', { taskId: this.id.value.trim() }) },
            },
            'Wait for the result',
          ),
          h('button', { class: 'danger', testid: 'task-cancel', on: { click: op('cancel') } }, 'Cancel'),
        ),
        detail,
        this.out,
      ),
    );
  }

  shown(): void {
    if (this.store.server?.era === 'legacy') this.catalog.ensure();
    else this.note.textContent = 'A 2026-07-28 server’s tasks extension has no list: look a task up by its id (a tool called as a task shows it).';
  }
}
