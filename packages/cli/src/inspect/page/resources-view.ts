import type { Api } from './api.js';
import { Catalog } from './catalog.js';
import { facts, h, jsonBlock } from './dom.js';
import { schemaForm } from './schema-form.js';
import type { Store } from './store.js';
import { completer, type Caller } from './tools-view.js';
import { expandTemplate, templateVariables } from './uri-template.js';

/**
 * Resources and resource templates (all pages of each): read a resource (a read may ask for input
 * too), or fill a template's variables (with completions as you type) and read what it names.
 */

type Resource = Record<string, unknown> & { uri: string };
type Template = Record<string, unknown> & { uriTemplate: string };

export class ResourcesView {
  readonly element: HTMLElement;
  private readonly resources: Catalog<Resource>;
  private readonly templates: Catalog<Template>;
  private readonly detail = h('div', { class: 'detail', testid: 'resource-detail' }, h('p', { class: 'muted' }, 'Choose a resource or a template.'));

  constructor(
    store: Store,
    private readonly api: Api,
    private readonly caller: Caller,
  ) {
    this.resources = new Catalog<Resource>(
      store,
      api,
      {
        kind: 'resources',
        title: 'Resources',
        capability: (caps) => caps.resources !== undefined,
        key: (r) => r.uri,
        row: (r) => [h('code', null, r.uri), r.name ? h('span', { class: 'muted desc' }, String(r.name)) : ''],
        detail: (r) => this.resourceDetail(r),
        changedBy: 'notifications/resources/list_changed',
      },
      this.detail,
    );
    this.templates = new Catalog<Template>(
      store,
      api,
      {
        kind: 'templates',
        title: 'Templates',
        capability: (caps) => caps.resources !== undefined,
        key: (t) => t.uriTemplate,
        row: (t) => [h('code', null, t.uriTemplate), t.name ? h('span', { class: 'muted desc' }, String(t.name)) : ''],
        detail: (t) => this.templateDetail(t),
      },
      this.detail,
    );
    this.element = h(
      'div',
      { class: 'view split', testid: 'view-resources' },
      h('div', { class: 'stack' }, this.resources.element, this.templates.element),
      this.detail,
    );
  }

  shown(): void {
    this.resources.ensure();
    this.templates.ensure();
  }

  private resourceDetail(resource: Resource): HTMLElement {
    const area = h('div', { class: 'call-area' });
    return h(
      'div',
      null,
      h('h3', null, String(resource.title ?? resource.name ?? resource.uri)),
      facts([
        ['uri', h('code', null, resource.uri)],
        resource.mimeType !== undefined && ['type', String(resource.mimeType)],
        resource.size !== undefined && ['size', `${String(resource.size)} bytes`],
      ]),
      resource.description !== undefined && h('p', { class: 'prose' }, String(resource.description)),
      h(
        'div',
        { class: 'actions' },
        h(
          'button',
          { class: 'primary', testid: 'read-resource', on: { click: () => void this.caller.start(area, 'resources/read', { uri: resource.uri }) } },
          'Read',
        ),
      ),
      jsonBlock(resource, 'the resource as listed'),
      area,
    );
  }

  private templateDetail(template: Template): HTMLElement {
    const names = templateVariables(template.uriTemplate);
    const schema = { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])), required: names };
    const form = schemaForm(schema, { idBase: 'template', complete: completer(this.api, { type: 'ref/resource', uri: template.uriTemplate }) });
    const problem = h('p', { class: 'error-text' });
    const area = h('div', { class: 'call-area' });
    const uri = h('code', { testid: 'expanded-uri' });
    const read = (): void => {
      const values = form.read();
      if (!values.ok) {
        problem.textContent = values.error;
        return;
      }
      problem.textContent = '';
      const expanded = expandTemplate(template.uriTemplate, values.value as Record<string, string>);
      uri.textContent = expanded;
      void this.caller.start(area, 'resources/read', { uri: expanded });
    };
    return h(
      'div',
      null,
      h('h3', null, String(template.title ?? template.name ?? template.uriTemplate)),
      facts([['template', h('code', null, template.uriTemplate)], template.mimeType !== undefined && ['type', String(template.mimeType)]]),
      template.description !== undefined && h('p', { class: 'prose' }, String(template.description)),
      h('h4', null, 'Variables'),
      h('p', { class: 'muted' }, 'Suggestions come from completion/complete as you type.'),
      form.element,
      h('div', { class: 'actions' }, h('button', { class: 'primary', testid: 'read-template', on: { click: read } }, 'Read'), uri),
      problem,
      area,
    );
  }
}
