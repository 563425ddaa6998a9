import type { PromptDefinition } from '../definitions/prompt.js';
import type { ResourceDefinition, ResourceTemplateDefinition } from '../definitions/resource.js';
import type { ToolDefinition } from '../definitions/tool.js';
import { TemplateMatcher } from '../definitions/uri-template.js';

/** Everything a server offers, as lists in the order they are listed. */
export interface RegistryContents {
  readonly tools?: readonly ToolDefinition[];
  readonly prompts?: readonly PromptDefinition[];
  readonly resources?: readonly ResourceDefinition[];
  readonly resourceTemplates?: readonly ResourceTemplateDefinition[];
}

/** One kind of item, in listing order, with an index by key. */
export class ItemList<T> {
  readonly items: readonly T[];
  /** Position of each item by key (name, URI or URI template). */
  readonly index: ReadonlyMap<string, number>;
  /** Whether any item requires scopes (the list then varies by caller). */
  readonly scoped: boolean;

  constructor(what: string, items: readonly T[], key: (item: T) => string, scopes: (item: T) => readonly string[] | undefined) {
    const index = new Map<string, number>();
    items.forEach((item, i) => {
      const k = key(item);
      if (index.has(k)) throw new TypeError(`${what} ${JSON.stringify(k)} is registered twice`);
      index.set(k, i);
    });
    this.items = Object.freeze([...items]);
    this.index = index;
    this.scoped = items.some((item) => (scopes(item)?.length ?? 0) > 0);
  }

  /** The item with this key. */
  get(key: string): T | undefined {
    const i = this.index.get(key);
    return i === undefined ? undefined : this.items[i];
  }

  get size(): number {
    return this.items.length;
  }
}

/**
 * An immutable snapshot of what a server offers: built once, read by every request, replaced
 * whole (never edited) when the server changes its lists.
 */
export class Registry {
  readonly tools: ItemList<ToolDefinition>;
  readonly prompts: ItemList<PromptDefinition>;
  readonly resources: ItemList<ResourceDefinition>;
  readonly templates: ItemList<ResourceTemplateDefinition>;
  /** Matches URIs against the templates (built once per snapshot). */
  private readonly matcher: TemplateMatcher | undefined;
  /** Whether any prompt or template has completers. */
  readonly hasCompleters: boolean;

  constructor(contents: RegistryContents) {
    this.tools = new ItemList(
      'Tool',
      contents.tools ?? [],
      (t) => t.name,
      (t) => t.scopes,
    );
    this.prompts = new ItemList(
      'Prompt',
      contents.prompts ?? [],
      (p) => p.name,
      (p) => p.scopes,
    );
    this.resources = new ItemList(
      'Resource',
      contents.resources ?? [],
      (r) => r.uri,
      (r) => r.scopes,
    );
    this.templates = new ItemList(
      'Resource template',
      contents.resourceTemplates ?? [],
      (t) => t.uriTemplate,
      (t) => t.scopes,
    );
    this.matcher = this.templates.size > 0 ? new TemplateMatcher(this.templates.items.map((t) => t.template)) : undefined;
    this.hasCompleters = this.prompts.items.some((p) => p.complete !== undefined) || this.templates.items.some((t) => t.complete !== undefined);
  }

  /**
   * The resource template `uri` belongs to (the first registered whose URI template matches it) and
   * the values of its variables; `undefined` when none matches.
   */
  matchTemplate(uri: string): { readonly template: ResourceTemplateDefinition; readonly variables: Readonly<Record<string, string | string[]>> } | undefined {
    const match = this.matcher?.match(uri);
    const template = match && this.templates.items[match.index];
    return template ? { template, variables: match.variables } : undefined;
  }

  /** A draft holding this snapshot's contents, to build the next snapshot from. */
  draft(): RegistryDraft {
    return new RegistryDraft(this);
  }
}

/** The lists that differ between two snapshots. */
export interface RegistryChanges {
  readonly tools: boolean;
  readonly prompts: boolean;
  readonly resources: boolean;
}

/** Whether two snapshots list different tools, prompts, or resources (templates count as resources). */
export function changesBetween(before: Registry, after: Registry): RegistryChanges {
  const differ = <T>(a: ItemList<T>, b: ItemList<T>) => a.size !== b.size || a.items.some((item, i) => item !== b.items[i]);
  return {
    tools: differ(before.tools, after.tools),
    prompts: differ(before.prompts, after.prompts),
    resources: differ(before.resources, after.resources) || differ(before.templates, after.templates),
  };
}

/**
 * A mutable copy of a registry's lists, handed to `server.update(...)`. `add*` appends and refuses a
 * duplicate; `set*` replaces in place (or appends); `remove*` returns whether something was removed.
 */
export class RegistryDraft {
  private readonly tools: ToolDefinition[];
  private readonly prompts: PromptDefinition[];
  private readonly resources: ResourceDefinition[];
  private readonly templates: ResourceTemplateDefinition[];

  constructor(from: Registry) {
    this.tools = [...from.tools.items];
    this.prompts = [...from.prompts.items];
    this.resources = [...from.resources.items];
    this.templates = [...from.templates.items];
  }

  /** Adds a tool; throws when one with the same name exists. */
  addTool(definition: ToolDefinition): this {
    return this.add(this.tools, definition, (t) => t.name, 'Tool');
  }
  /** Adds or replaces (in place) the tool with this definition's name. */
  setTool(definition: ToolDefinition): this {
    return this.set(this.tools, definition, (t) => t.name);
  }
  /** Removes the tool with this name. */
  removeTool(name: string): boolean {
    return remove(this.tools, (t) => t.name === name);
  }
  /** Adds a prompt; throws when one with the same name exists. */
  addPrompt(definition: PromptDefinition): this {
    return this.add(this.prompts, definition, (p) => p.name, 'Prompt');
  }
  /** Adds or replaces (in place) the prompt with this definition's name. */
  setPrompt(definition: PromptDefinition): this {
    return this.set(this.prompts, definition, (p) => p.name);
  }
  /** Removes the prompt with this name. */
  removePrompt(name: string): boolean {
    return remove(this.prompts, (p) => p.name === name);
  }
  /** Adds a resource; throws when one with the same URI exists. */
  addResource(definition: ResourceDefinition): this {
    return this.add(this.resources, definition, (r) => r.uri, 'Resource');
  }
  /** Adds or replaces (in place) the resource with this definition's URI. */
  setResource(definition: ResourceDefinition): this {
    return this.set(this.resources, definition, (r) => r.uri);
  }
  /** Removes the resource with this URI. */
  removeResource(uri: string): boolean {
    return remove(this.resources, (r) => r.uri === uri);
  }
  /** Adds a resource template; throws when one with the same template exists. */
  addResourceTemplate(definition: ResourceTemplateDefinition): this {
    return this.add(this.templates, definition, (t) => t.uriTemplate, 'Resource template');
  }
  /** Removes the resource template with this URI template. */
  removeResourceTemplate(uriTemplate: string): boolean {
    return remove(this.templates, (t) => t.uriTemplate === uriTemplate);
  }

  /** The next snapshot (throws, leaving the current one in place, when a list has duplicates). */
  build(): Registry {
    return new Registry({ tools: this.tools, prompts: this.prompts, resources: this.resources, resourceTemplates: this.templates });
  }

  private add<T>(list: T[], item: T, key: (item: T) => string, what: string): this {
    const k = key(item);
    if (list.some((existing) => key(existing) === k)) throw new TypeError(`${what} ${JSON.stringify(k)} is already registered`);
    list.push(item);
    return this;
  }

  private set<T>(list: T[], item: T, key: (item: T) => string): this {
    const k = key(item);
    const i = list.findIndex((existing) => key(existing) === k);
    if (i >= 0) list[i] = item;
    else list.push(item);
    return this;
  }
}

function remove<T>(list: T[], match: (item: T) => boolean): boolean {
  const i = list.findIndex(match);
  if (i < 0) return false;
  list.splice(i, 1);
  return true;
}
