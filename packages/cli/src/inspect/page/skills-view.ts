import type { Api } from './api.js';
import { Catalog } from './catalog.js';
import { facts, fill, h, jsonBlock } from './dom.js';
import type { Store } from './store.js';

/** Skills (the skills extension): every entry (all pages), and one skill loaded with its SKILL.md checked against its entry. */

type Skill = Record<string, unknown> & { name: string; uri?: string };

export class SkillsView {
  readonly element: HTMLElement;
  private readonly catalog: Catalog<Skill>;
  private readonly detail = h('div', { class: 'detail', testid: 'skill-detail' }, h('p', { class: 'muted' }, 'Choose a skill.'));

  constructor(
    store: Store,
    private readonly api: Api,
  ) {
    this.catalog = new Catalog<Skill>(
      store,
      api,
      {
        kind: 'skills',
        title: 'Skills',
        capability: (caps) => Object.keys((caps.extensions ?? {}) as object).some((id) => id.includes('skills')),
        key: (s) => String(s.uri ?? s.name),
        row: (s) => [h('code', null, s.name), s.description ? h('span', { class: 'muted desc' }, String(s.description)) : ''],
        detail: (s) => this.skillDetail(s),
      },
      this.detail,
    );
    this.element = h('div', { class: 'view split', testid: 'view-skills' }, this.catalog.element, this.detail);
  }

  shown(): void {
    this.catalog.ensure();
  }

  private skillDetail(skill: Skill): HTMLElement {
    const out = h('div');
    const uri = String(skill.uri ?? '');
    const load = async (): Promise<void> => {
      fill(out, h('p', { class: 'muted' }, 'loading…'));
      try {
        const loaded = await this.api.post<{ text: string }>('skill', { uri });
        fill(
          out,
          h('p', { class: 'muted' }, 'SKILL.md, checked against the entry (size, digest, frontmatter):'),
          h('pre', { class: 'prose', testid: 'skill-text' }, loaded.text),
        );
      } catch (error) {
        fill(out, h('p', { class: 'error-text' }, (error as Error).message));
      }
    };
    return h(
      'div',
      null,
      h('h3', null, skill.name),
      skill.description !== undefined && h('p', { class: 'prose' }, String(skill.description)),
      facts([['SKILL.md', h('code', null, uri)]]),
      h('div', { class: 'actions' }, h('button', { class: 'primary', testid: 'load-skill', on: { click: () => void load() } }, 'Load')),
      out,
      jsonBlock(skill, 'the entry as listed'),
    );
  }
}
