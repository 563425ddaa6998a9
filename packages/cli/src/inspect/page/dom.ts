/**
 * A few lines of DOM building: elements made with `h(tag, props, ...children)`. Strings always
 * become text nodes, never markup, so nothing a server sends can turn into HTML in the page.
 */

export type Child = Node | string | number | null | undefined | false | readonly Child[];

/** What `h` sets on an element. */
export interface Props {
  readonly class?: string;
  /** `data-testid`, for the tests and for readers of the DOM. */
  readonly testid?: string;
  readonly title?: string;
  readonly id?: string;
  readonly for?: string;
  readonly type?: string;
  readonly name?: string;
  readonly value?: string;
  readonly placeholder?: string;
  readonly checked?: boolean;
  readonly disabled?: boolean;
  readonly selected?: boolean;
  readonly multiple?: boolean;
  readonly rows?: number;
  readonly step?: string;
  readonly list?: string;
  readonly src?: string;
  readonly controls?: boolean;
  readonly open?: boolean;
  readonly attrs?: Readonly<Record<string, string>>;
  readonly on?: { readonly [K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K]) => void };
}

function append(parent: Node, child: Child): void {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) {
    for (const c of child as readonly Child[]) append(parent, c);
    return;
  }
  parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : (child as Node));
}

/** Makes an element. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props) {
    if (props.class) element.className = props.class;
    if (props.testid) element.dataset.testid = props.testid;
    if (props.title) element.title = props.title;
    if (props.id) element.id = props.id;
    for (const [key, value] of Object.entries(props.attrs ?? {})) element.setAttribute(key, value);
    const any = element as unknown as Record<string, unknown>;
    for (const key of ['type', 'name', 'value', 'placeholder', 'rows', 'step', 'src'] as const) if (props[key] !== undefined) any[key] = props[key];
    for (const key of ['checked', 'disabled', 'selected', 'multiple', 'controls', 'open'] as const) if (props[key] !== undefined) any[key] = props[key];
    if (props.for !== undefined) element.setAttribute('for', props.for);
    if (props.list !== undefined) element.setAttribute('list', props.list);
    for (const [name, handler] of Object.entries(props.on ?? {})) element.addEventListener(name, handler as EventListener);
  }
  for (const child of children) append(element, child);
  return element;
}

/** Replaces an element's children. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  for (const child of children) append(parent, child);
}

/** JSON, indented, for reading. */
export function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? 'undefined';
}

/** A labelled value line (`dt`/`dd`). */
export function facts(rows: readonly (readonly [string, Child] | false | undefined)[], testid?: string): HTMLElement {
  const list = h('dl', { class: 'facts', ...(testid && { testid }) });
  for (const row of rows) if (row) list.append(h('dt', null, row[0]), h('dd', null, row[1]));
  return list;
}

/** A collapsible JSON block. */
export function jsonBlock(value: unknown, summary = 'JSON', open = false): HTMLElement {
  return h('details', { class: 'json', open }, h('summary', null, summary), h('pre', { class: 'code' }, pretty(value)));
}

/** Seconds since the inspector started, as shown beside each message. */
export function clock(ms: number): string {
  return `${(ms / 1000).toFixed(3)}s`;
}
